export * from "./inputs.js"
export * from "./Member.js"
export * from "./Members.js"
export * from "./render.js"
