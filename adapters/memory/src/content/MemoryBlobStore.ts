import type { BlobStore } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import { createHash } from "node:crypto"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { blobsTable } from "./contentTables.js"

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex")

/** Bytes are copied in and out, so no caller can change what is stored. */
export const makeMemoryBlobStore = (store: MemoryStore): Context.Tag.Service<typeof BlobStore> => ({
  put: (bytes) =>
    Effect.suspend(() => {
      const hash = sha256(bytes)
      return Effect.as(
        store.write((t) =>
          HashMap.has(t.rows(blobsTable), hash)
            ? t
            : t.update(blobsTable, (rows) => HashMap.set(rows, hash, Uint8Array.from(bytes)))
        ),
        hash
      )
    }),
  get: (hash) =>
    store.read((t) => Option.map(HashMap.get(t.rows(blobsTable), hash), (bytes) => Uint8Array.from(bytes))),
  has: (hash) => store.read((t) => HashMap.has(t.rows(blobsTable), hash))
})
