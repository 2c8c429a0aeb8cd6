import type { Target } from "../section.js"
import type { QueryClass } from "./corpus.js"
import { type Latency, measureLatency } from "./latency.js"
import type { Scope } from "./rawQuery.js"

/** One search through Quire's HTTP API; how many results (spaces or pages) the first page held. */
export const searchOverHttp = async (target: Target, path: string, query: string): Promise<number> => {
  const url = `${target.url}${path}?query=${encodeURIComponent(query)}`
  const response = await fetch(url, { headers: { authorization: `Bearer ${target.token}` } })
  const text = await response.text()
  if (!response.ok) throw new Error(`search: GET ${path}?query=${JSON.stringify(query)} answered ${response.status}: ${text.slice(0, 500)}`)
  const body = JSON.parse(text) as { readonly items: ReadonlyArray<{ readonly pages?: ReadonlyArray<unknown> }> }
  // An organization's answer groups pages by space: count the pages.
  return body.items.reduce((n, item) => n + (item.pages?.length ?? 1), 0)
}

export interface HttpClassFigures extends Latency {
  /** Pages on the first page of results of the class's first query. */
  readonly results: number
}

/** p50/p99 of one class in one scope, its queries in turn, one request at a time. */
export const measureHttpClass = async (
  target: Target,
  paths: Readonly<Record<Scope, string>>,
  scope: Scope,
  queryClass: QueryClass,
  runs: number,
  warmup: number
): Promise<HttpClassFigures> => {
  const results = await searchOverHttp(target, paths[scope], queryClass.queries[0]!)
  const latency = await measureLatency(runs, warmup, (i) => searchOverHttp(target, paths[scope], queryClass.queries[i % queryClass.queries.length]!))
  return { ...latency, results }
}
