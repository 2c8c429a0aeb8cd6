export * from "./markdown/index.js"
export * from "./store/index.js"
export * from "./tree/index.js"
export * from "./link-index/index.js"
