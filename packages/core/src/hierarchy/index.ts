export * from "./Hierarchy.js"
export * from "./inputs.js"
export * from "./landing.js"
