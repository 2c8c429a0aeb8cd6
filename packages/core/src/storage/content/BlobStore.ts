import { Context, type Effect, type Option } from "effect"

/** File bytes addressed by the sha256 (hex) of the bytes. Writing the same bytes twice stores them once. */
export class BlobStore extends Context.Tag("@quire/core/BlobStore")<
  BlobStore,
  {
    /** Stores the bytes; returns their sha256 (hex). */
    readonly put: (bytes: Uint8Array) => Effect.Effect<string>
    readonly get: (sha256: string) => Effect.Effect<Option.Option<Uint8Array>>
    readonly has: (sha256: string) => Effect.Effect<boolean>
  }
>() {}
