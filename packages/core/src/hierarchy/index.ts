export * from "./access.js"
export * from "./inputs.js"
export * from "./siblings.js"
export * from "./subtree.js"
