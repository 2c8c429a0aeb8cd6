export * from "./Links.js"
export * from "./Link.js"
export * from "./render.js"
