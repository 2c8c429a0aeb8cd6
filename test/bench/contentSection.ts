import { type ContentFigures, measureContent } from "./contentEngine.js"
import { type BenchContext, round, type Section, type TableRow } from "./section.js"

const bySize = (figures: ReadonlyArray<ContentFigures>, pick: (figure: ContentFigures) => number) =>
  Object.fromEntries(figures.map((figure) => [String(figure.pages), round(pick(figure))]))

/** Table rows: each figure per size, and the largest size against the smallest. */
export const contentRows = (figures: ReadonlyArray<ContentFigures>): ReadonlyArray<TableRow> => {
  const small = figures[0]!
  const large = figures[figures.length - 1]!
  const row = (name: string, pick: (figure: ContentFigures) => number, digits = 2): TableRow => ({
    figure: `${name} (${figures.map((f) => f.pages).join(" / ")} pages)`,
    quire: figures.map((f) => pick(f).toFixed(digits)).join(" / "),
    ratio: pick(small) > 0 ? (pick(large) / pick(small)).toFixed(2) : ""
  })
  return [
    row("apply one-page edit ms", (f) => f.applyMs),
    row("diff it against its parent ms", (f) => f.diffMs),
    row("merge two one-page edits ms", (f) => f.mergeMs),
    row("objects written by the edit", (f) => f.applyObjects, 0),
    row("objects written by the merge", (f) => f.mergeObjects, 0),
    row("bytes a one-page edit adds", (f) => f.bytesPerEdit, 0),
    row("import (one batched write) s", (f) => f.importSeconds)
  ]
}

/**
 * The content engine in process, on storage of its own (SQLite files, Postgres databases): in a 10-page and a 10,000-page
 * revision (about √n groups of pages, written in one batch), apply a one-page edit, diff it
 * against its parent, merge two one-page edits. Measured, not asserted; the goal is the
 * 10,000-page figures within 2× of the 10-page ones.
 */
export const contentSection = (context: BenchContext): Section => {
  let figures: ReadonlyArray<ContentFigures> | undefined
  return {
    key: "content",
    offline: async () => {
      console.log(`content: 10- and 10,000-page revisions on ${context.backend.title}, in process …`)
      figures = await measureContent(context.backend.contentStorage)
    },
    result: () => {
      if (!figures) throw new Error("content: not measured")
      return {
        json: {
          applyMs: bySize(figures, (f) => f.applyMs),
          diffMs: bySize(figures, (f) => f.diffMs),
          mergeMs: bySize(figures, (f) => f.mergeMs),
          objectsWritten: bySize(figures, (f) => f.applyObjects),
          mergeObjectsWritten: bySize(figures, (f) => f.mergeObjects),
          bytesPerEdit: bySize(figures, (f) => f.bytesPerEdit)
        },
        rows: contentRows(figures)
      }
    }
  }
}
