export * from "./ResolvedLevel.js"
