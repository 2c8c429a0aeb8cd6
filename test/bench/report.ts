import { writeFileSync } from "node:fs"
import type { Section, SectionResult } from "./section.js"

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width))

/** The figures of every section as one table. */
export const formatTable = (results: ReadonlyArray<readonly [key: string, result: SectionResult]>): string => {
  const header = ["section", "figure", "quire", "baseline", "ratio"]
  const lines = results.flatMap(([key, result]) =>
    result.rows.map((row) => [key, row.figure, row.quire, row.baseline ?? "", row.ratio ?? ""])
  )
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)))
  const format = (cells: ReadonlyArray<string>) => cells.map((cell, i) => pad(cell, widths[i]!, i >= 2)).join("  ")
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join("\n")
}

export const summaryJson = (results: ReadonlyArray<readonly [key: string, result: SectionResult]>) =>
  Object.fromEntries(results.map(([key, result]) => [key, result.json]))

export const collectResults = (sections: ReadonlyArray<Section>) =>
  sections.map((section) => [section.key, section.result()] as const)

export const writeJson = (path: string, json: unknown) => writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`)
