import { Cause, Layer } from "effect"
import { type OnMigrated, type StorageChoice, storageLayer } from "@quire/embed"
import { DatabaseUnavailable } from "./failures/DatabaseUnavailable.js"

/**
 * `storageLayer` for the CLI: whatever keeps the storage from starting, a failure or a defect
 * (SQLite's are defects), becomes one `DatabaseUnavailable` naming the database and the cause.
 */
export const openStorage = (choice: StorageChoice, onMigrated?: OnMigrated) =>
  Layer.catchAllCause(storageLayer(choice, onMigrated), (cause) =>
    Cause.isInterruptedOnly(cause)
      ? Layer.failCause(cause as Cause.Cause<never>)
      : Layer.fail(new DatabaseUnavailable({ storage: choice, cause: Cause.squash(cause) }))
  )
