import { Effect, Schema } from "effect"
import { Spaces } from "../spaces/Spaces.js"
import { jobHandler } from "./JobHandlers.js"
import { jobKind } from "./JobKind.js"

/** Removes for good the spaces whose restore window has passed (`Spaces.purgeExpired`); repeating it is harmless. */
export const PurgeExpiredSpaces = jobKind("spaces.purge-expired", Schema.Struct({}))

export const purgeExpiredSpacesHandler = jobHandler(PurgeExpiredSpaces, () =>
  Effect.gen(function* () {
    const spaces = yield* Spaces
    const purged = yield* spaces.purgeExpired
    if (purged > 0) yield* Effect.logInfo(`Purged ${purged} expired deleted space(s)`)
    return { purged }
  })
)
