export * from "./DatabaseUrl.js"
export * from "./serve.js"
export * from "./ServerConfig.js"
