export * from "./searchTokens.js"
export * from "./indexedSections.js"
export * from "./SearchIndexer.js"
