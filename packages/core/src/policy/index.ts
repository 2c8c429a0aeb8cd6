export * from "./access.js"
export * from "./Actor.js"
export * from "./Policy.js"
