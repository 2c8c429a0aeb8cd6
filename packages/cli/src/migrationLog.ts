import { Console, Effect } from "effect"
import type { OnMigrated } from "@quire/embed"

/**
 * One line on stdout per migration a storage layer applied (`applied 0003_write_lock`), or
 * `database is up to date` when it applied none. Stdout, like the rest of what a command did
 * (`Quire listening on ...`): stderr is for warnings, failures and the access log.
 */
export const logMigrations: OnMigrated = (applied) =>
  applied.length === 0
    ? Console.log("database is up to date")
    : Effect.forEach(applied, ([id, name]) => Console.log(`applied ${String(id).padStart(4, "0")}_${name}`), {
        discard: true
      })
