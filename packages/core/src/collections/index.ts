export * from "./Collection.js"
export * from "./Collections.js"
export * from "./inputs.js"
export * from "./render.js"
