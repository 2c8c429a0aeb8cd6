export * from "./CollectionRecord.js"
export * from "./CollectionRepository.js"
