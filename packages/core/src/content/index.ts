export * from "./BlobStore.js"
export * from "./ObjectStore.js"
export * from "./RevisionRecord.js"
export * from "./RevisionRepository.js"
