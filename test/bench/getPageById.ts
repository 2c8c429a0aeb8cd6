import { alternatingLoad } from "./alternatingLoad.js"
import type { BenchContext, Section } from "./section.js"
import { compareResponses, fetchPaths, sampleIds } from "./verify.js"

/** The content space the page reads go to: the largest one seeded. */
const largest = (context: BenchContext) => {
  const space = [...context.seeded.content].sort((a, b) => b.pages - a.pages)[0]
  if (!space) throw new Error("getPageById: no content space was seeded")
  return space
}

/**
 * `GET /v1/spaces/{space}/content/page/{random page}?format=markdown` over every page of the
 * 10,000-page space, on both servers (see `alternatingLoad`). The baseline serves each page's
 * JSON as Quire answered it, fetched from Quire before measuring and stored in the backend's
 * `bench_rendered_pages`: the same token and access lookups as for a space, then one more
 * indexed row. Fetching every page once also leaves Quire's caches as a server that has
 * served each page before.
 */
export const getPageByIdSection = (context: BenchContext): Section => {
  const space = largest(context)
  const pathOf = (pageId: string) => `/v1/spaces/${space.spaceId}/content/page/${pageId}?format=markdown`
  const paths = space.pageIds.map(pathOf)
  const load = alternatingLoad(context, "getPageById", paths)
  return {
    key: "getPageById",
    onBoth: async (quire, baseline) => {
      console.log(`getPageById: rendering all ${paths.length} pages of "Pages ${space.pages}" through Quire for the baseline …`)
      const started = performance.now()
      const rendered = await fetchPaths(quire.url, quire.token, paths)
      const rows = space.pageIds.map((pageId) => {
        const response = rendered.get(pathOf(pageId))!
        if (response.status !== 200) throw new Error(`getPageById: Quire answered ${response.status} for page ${pageId}: ${response.body}`)
        return { spaceId: space.spaceId, pageId, body: response.body }
      })
      await context.backend.storeRenderedPages(rows)
      console.log(`  stored in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      const sample = sampleIds(paths, 1)
      const verdict = compareResponses(
        sample,
        await fetchPaths(quire.url, quire.token, sample),
        await fetchPaths(baseline.url, baseline.token, sample)
      )
      console.log(`  baseline and Quire return the same JSON for ${sample.length} pages (${verdict})`)
      await load.run(quire, baseline)
    },
    result: load.result
  }
}
