import type { ContentSpace } from "./seedContent.js"
import { type BenchContext, round, type Section, type Target } from "./section.js"
import { median } from "./median.js"

/** The rounds timed per size, after one untimed. */
export const ROUNDS = 15

const call = async (target: Target, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`mergeChangeRequest: ${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * One round on one space: a change request that edits one page (a different page each round),
 * then `POST …/merge`, of which only the merge is timed. Each merge moves the space on, so the
 * next change request starts from it and merges without conflict.
 */
export const mergeOnce = async (target: Target, space: ContentSpace, n: number) => {
  const base = `/v1/spaces/${space.spaceId}/change-requests`
  const changeRequest = await call(target, "POST", base, { subject: `Bench ${n}` })
  const documents = space.pageIds.filter((id) => id.startsWith("p"))
  const page = documents[(n * 7919) % documents.length]!
  await call(target, "POST", `${base}/${changeRequest.id}/content`, {
    changes: [{ operation: "update_page", page, document: { markdown: `## Overview\n\nEdited by merge round ${n}.\n` } }]
  })
  const started = performance.now()
  const merged = await call(target, "POST", `${base}/${changeRequest.id}/merge`)
  const ms = performance.now() - started
  if (merged.result !== "merge") throw new Error(`mergeChangeRequest: round ${n} answered ${JSON.stringify(merged)}`)
  return ms
}

/**
 * `POST /v1/spaces/{id}/change-requests/{id}/merge` of a one-page change request, through
 * Quire's HTTP API, in the 10-page and the 10,000-page space: median milliseconds of each,
 * and their ratio (10,000 / 10).
 */
export const mergeChangeRequestSection = (context: BenchContext): Section => {
  const figures = new Map<number, number>()
  return {
    key: "mergeChangeRequest",
    onQuire: async (quire) => {
      console.log(`mergeChangeRequest: ${ROUNDS} one-page change requests merged into each content space …`)
      for (const space of context.seeded.content) {
        const times: Array<number> = []
        for (let n = 0; n <= ROUNDS; n++) {
          const ms = await mergeOnce(quire, space, n)
          if (n > 0) times.push(ms)
        }
        figures.set(space.pages, median(times))
        console.log(`  ${space.pages} pages: median ${median(times).toFixed(2)} ms`)
      }
    },
    result: () => {
      const small = figures.get(10)
      const large = figures.get(10_000)
      if (small === undefined || large === undefined) throw new Error("mergeChangeRequest: not measured")
      const json = { "10": round(small), "10000": round(large), ratio: round(large / small) }
      return {
        json,
        rows: [
          { figure: "merge ms, 10 pages", quire: small.toFixed(2) },
          { figure: "merge ms, 10,000 pages", quire: large.toFixed(2), ratio: json.ratio.toFixed(3) }
        ]
      }
    }
  }
}
