import { Context } from "effect"

/**
 * A mark that moves when storage commits a write: what lets a cache of something read from
 * storage (the published-site reader's rendered pages) check that it is still current without
 * reading storage again. `mark` is synchronous and cheap: it is asked on every cached read.
 *
 * Equal marks mean that no write this process can know of was committed in between: every
 * commit of this process moves it at once; a commit of another process sharing the database
 * moves it as soon as the adapter learns of it (SQLite: at once, by the file's data version;
 * Postgres: when its notification arrives, for writes to spaces, organizations and sites). An
 * adapter that cannot tell answers a new mark on every call, which turns such caches off.
 */
export class StorageChanges extends Context.Tag("@quire/core/StorageChanges")<
  StorageChanges,
  {
    readonly mark: () => string
  }
>() {}

/** Commits counted in this process: the mark of storage only this process writes. */
export const makeCommitCounter = () => {
  let commits = 0
  return {
    committed: (): void => {
      commits++
    },
    mark: (): string => String(commits)
  }
}
