export * from "./ApiTokens.js"
