export { MemoryStorage } from "./MemoryStorage.js"
