export * from "./linkIndex.js"
export * from "./linkIndexes.js"
