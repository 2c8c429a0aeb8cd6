export * from "./markdown/index.js"
export * from "./store/index.js"
export * from "./tree/index.js"
