export * from "./adaptiveSchema.js"
export * from "./condition.js"
export * from "./visitorToken.js"
