import { MemoryStorage } from "@quire/storage-memory"
import { Layer } from "effect"
import { testAuthority } from "./authority.js"

/** Every storage port in memory, with `testAuthority`; each build is a new, empty store. */
export const memoryStorage = Layer.merge(MemoryStorage.layer, testAuthority)
