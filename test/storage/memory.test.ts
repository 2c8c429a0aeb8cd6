import { MemoryStorage } from "@quire/storage-memory"
import { storageContract } from "./contract.js"

storageContract("memory", MemoryStorage.layer)
