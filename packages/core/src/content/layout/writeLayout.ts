import { Effect } from "effect"
import { InvalidInput } from "../../shared/errors.js"
import type { LayoutContent, LayoutPage } from "./LayoutContent.js"
import { writeAssets } from "./assets.js"
import { linkToPath, pageFileNames, README_FILE, SUMMARY_FILE } from "./layoutPaths.js"
import { projectPrefix, type LayoutOptions } from "./LayoutOptions.js"
import { writePageFile } from "./pageFile.js"
import { type SummaryEntry, writeSummary } from "./summary.js"

/**
 * A revision's content as the files of a Git tree (repository paths, under the project
 * directory): a markdown file per page (`<slug>.md`; `<slug>/README.md` for a page with
 * children), `SUMMARY.md` for the order, the assets and their index under `.gitbook/`.
 * Link pages are entries of `SUMMARY.md` only; computed pages are left out.
 */
export const writeLayout = (
  content: LayoutContent,
  options: LayoutOptions = {}
): Effect.Effect<ReadonlyMap<string, Uint8Array | string>, InvalidInput> => {
  const prefix = projectPrefix(options)
  if (prefix instanceof InvalidInput) return Effect.fail(prefix)
  const out = new Map<string, Uint8Array | string>()
  const place = (pages: ReadonlyArray<LayoutPage>, folder: string): Array<SummaryEntry> => {
    const withFiles = pages.filter(({ page }) => page.type === "document" || page.type === "group")
    const names = pageFileNames(
      withFiles.map(({ page }) => page.slug!),
      folder === ""
    )
    const nameOf = new Map(withFiles.map(({ page }, index) => [page.id, names[index]!]))
    return pages.flatMap(({ page, body, children }): Array<SummaryEntry> => {
      if (page.type === "link") return page.href === undefined ? [] : [{ title: page.title, target: page.href, children: [] }]
      const name = nameOf.get(page.id)
      if (name === undefined) return []
      const path = children.length > 0 ? `${folder}${name}/${README_FILE}` : `${folder}${name}.md`
      out.set(`${prefix}${path}`, writePageFile(page, body, name))
      return [{ title: page.title, target: linkToPath(path), children: children.length > 0 ? place(children, `${folder}${name}/`) : [] }]
    })
  }
  out.set(`${prefix}${SUMMARY_FILE}`, writeSummary(place(content.pages, "")))
  for (const [path, bytes] of writeAssets(content.files)) out.set(`${prefix}${path}`, bytes)
  return Effect.succeed(out)
}
