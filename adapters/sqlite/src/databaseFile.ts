import { Effect } from "effect"
import { closeSync, mkdirSync, openSync, statSync } from "node:fs"
import { dirname } from "node:path"

const errorCode = (error: unknown): unknown => (error as { code?: unknown } | null)?.code

/**
 * Makes what a new database needs, readable by its owner only: missing folders 0700, and the
 * file itself created empty with 0600 before SQLite opens it (SQLite takes an empty file as a
 * new database, and gives its -wal and -shm files the database file's mode). Creating it with
 * its mode, rather than a chmod after SQLite made it, leaves no moment where others could
 * open it; a umask would be process-wide.
 *
 * A folder or file that exists already keeps its mode: it may be shared on purpose (a group
 * that takes backups, or a folder like /tmp), and Quire cannot tell whether it made it. When
 * others may read an existing database, this says so once, as a warning.
 */
export const prepareDatabaseFile = (filename: string): Effect.Effect<void> =>
  Effect.suspend(() => {
    try {
      mkdirSync(dirname(filename), { recursive: true, mode: 0o700 })
    } catch (error) {
      // A file where the folder should be: the open below fails with the ENOTDIR that says so.
      if (errorCode(error) !== "EEXIST") throw error
    }
    try {
      closeSync(openSync(filename, "wx", 0o600))
      return Effect.void
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error
    }
    const mode = statSync(filename).mode & 0o777
    return (mode & 0o004) === 0
      ? Effect.void
      : Effect.logWarning(
          `The database ${filename} is readable by every user of this machine (mode ${mode.toString(8)}); ` +
            `chmod 600 it (and its -wal and -shm files) unless that is intended`
        )
  })
