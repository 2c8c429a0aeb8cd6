export { MemoryStorage, type MemoryStorageServices } from "./MemoryStorage.js"
