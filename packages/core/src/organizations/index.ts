export * from "./inputs.js"
export * from "./Organization.js"
export * from "./Organizations.js"
export * from "./render.js"
