import { Effect } from "effect"
import type { Page, PageRequest } from "@quire/core"

/**
 * Walks every page of a list from the first, following `next.page`, and returns the
 * pages seen. Stops with a defect after `maxPages` so a broken cursor cannot loop forever.
 */
export const walkPages = <A, E, R>(
  list: (request: PageRequest) => Effect.Effect<Page<A>, E, R>,
  limit: number,
  maxPages = 10_000
): Effect.Effect<ReadonlyArray<Page<A>>, E, R> =>
  Effect.gen(function* () {
    const pages: Array<Page<A>> = []
    let page: string | undefined
    do {
      const current: Page<A> = yield* list({ limit, page })
      pages.push(current)
      page = current.next?.page
      if (pages.length > maxPages) return yield* Effect.die(new Error("pagination did not end"))
    } while (page !== undefined)
    return pages
  })

/** Every item of every page, in order. */
export const walkAll = <A, E, R>(list: (request: PageRequest) => Effect.Effect<Page<A>, E, R>, limit: number) =>
  Effect.map(walkPages(list, limit), (pages) => pages.flatMap((p) => p.items))
