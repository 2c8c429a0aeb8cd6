export * from "./TeamRecord.js"
export * from "./TeamRepository.js"
