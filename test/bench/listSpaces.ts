import { type ListFigures, measureListWalk } from "./listWalk.js"
import { type BenchContext, round, type Section } from "./section.js"

/** `GET /v1/orgs/{id}/spaces?limit=100`: the first page against the last, on Quire only. */
export const listSpacesSection = (context: BenchContext): Section => {
  let figures: ListFigures | undefined
  return {
    key: "listSpaces",
    onQuire: async (quire) => {
      console.log(`listSpaces: walking every page of ${context.config.pageSize}, then timing the first and the last …`)
      figures = await measureListWalk({
        baseUrl: quire.url,
        token: quire.token,
        organizationId: context.seeded.organizationId,
        spaceIds: context.seeded.spaceIds,
        limit: context.config.pageSize,
        repeats: context.config.pageRepeats
      })
      console.log(`  ${figures.pages} pages, every seeded space seen once`)
    },
    result: () => {
      if (!figures) throw new Error("listSpaces: not measured")
      const json = { firstPageMs: round(figures.firstPageMs), page100Ms: round(figures.page100Ms), ratio: round(figures.ratio) }
      return {
        json,
        rows: [
          { figure: "first page ms", quire: json.firstPageMs.toFixed(2) },
          { figure: `page ${figures.pages} ms`, quire: json.page100Ms.toFixed(2), ratio: json.ratio.toFixed(3) }
        ]
      }
    }
  }
}
