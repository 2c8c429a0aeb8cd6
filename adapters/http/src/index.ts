export * from "./Api.js"
export * from "./Authentication.js"
export * from "./errors.js"
export * from "./QuireHttp.js"
