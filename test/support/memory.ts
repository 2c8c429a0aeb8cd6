import { MemoryStorage } from "@quire/storage-memory"

/** Every storage port in memory; each build is a new, empty store. */
export const memoryStorage = MemoryStorage.layer
