export * from "./ContentLinks.js"
export * from "./Link.js"
export * from "./render.js"
