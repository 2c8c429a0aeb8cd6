import { Effect } from "effect"
import type { OrganizationId } from "../shared/ids.js"
import { LruCache } from "../content/store/LruCache.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { StorageChanges } from "../storage/StorageChanges.js"
import type { SearchedSpace } from "./spacesSearch.js"

/** Organizations whose spaces are kept (two lists each: every space, and those visible to non-admins). */
const KEPT_LISTS = 512

/**
 * The spaces an organization-wide search reads (not deleted; `visibleOnly` as in `SpaceQuery`),
 * as of `StorageChanges`' mark: a search as you type asks for the same list on every key, and
 * it changes only with a write to the spaces, which moves the mark. A list read while a write
 * commits is kept under the mark from before the read, so it is never served after that write.
 */
export const makeSearchedSpaces = Effect.gen(function* () {
  const spaces = yield* SpaceRepository
  const changes = yield* StorageChanges
  const kept = new LruCache<string, ReadonlyArray<SearchedSpace>>(KEPT_LISTS)
  let keptAt = changes.mark()

  return (organizationId: OrganizationId, visibleOnly: boolean) =>
    Effect.suspend(() => {
      const mark = changes.mark()
      if (mark !== keptAt) {
        kept.clear()
        keptAt = mark
      }
      const key = `${visibleOnly ? "visible" : "all"}:${organizationId}`
      const found = kept.get(key)
      if (found !== undefined) return Effect.succeed(found)
      return Effect.map(spaces.all(organizationId, visibleOnly), (records) => {
        const list = records.map(({ id, revisionId, title }): SearchedSpace => ({ id, revisionId, title }))
        if (changes.mark() === mark && keptAt === mark) kept.set(key, list)
        return list
      })
    })
})
