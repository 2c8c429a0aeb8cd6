export * from "./ApiTokens.js"
export * from "./TokenRepository.js"
