import { median } from "./median.js"

interface ListPage {
  readonly items: ReadonlyArray<{ readonly id: string }>
  readonly count: number
  readonly next?: { readonly page: string }
}

export interface ListFigures {
  readonly pages: number
  readonly firstPageMs: number
  readonly page100Ms: number
  /** page100Ms / firstPageMs: about 1 when a page costs the same wherever it is. */
  readonly ratio: number
}

const pageUrl = (baseUrl: string, organizationId: string, limit: number, page: string | undefined) =>
  `${baseUrl}/v1/orgs/${organizationId}/spaces?limit=${limit}${page === undefined ? "" : `&page=${encodeURIComponent(page)}`}`

const fetchPage = async (url: string, token: string): Promise<ListPage> => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as ListPage
}

const timed = async (url: string, token: string): Promise<number> => {
  const started = performance.now()
  await fetchPage(url, token)
  return performance.now() - started
}

/**
 * Walks the whole list by `next.page`, checking it returns every seeded space once, then times
 * the first page and the last (the 100th for 10,000 spaces by 100), `repeats` times each,
 * alternating so that any drift of the machine touches both alike.
 */
export const measureListWalk = async (options: {
  readonly baseUrl: string
  readonly token: string
  readonly organizationId: string
  readonly spaceIds: ReadonlyArray<string>
  readonly limit: number
  readonly repeats: number
}): Promise<ListFigures> => {
  const url = (page: string | undefined) => pageUrl(options.baseUrl, options.organizationId, options.limit, page)
  const tokens: Array<string | undefined> = [undefined]
  const seen = new Set<string>()
  let count = -1
  for (;;) {
    const page = await fetchPage(url(tokens.at(-1)), options.token)
    count = page.count
    for (const item of page.items) {
      if (seen.has(item.id)) throw new Error(`list walk: space ${item.id} came twice`)
      seen.add(item.id)
    }
    if (!page.next) break
    tokens.push(page.next.page)
    if (tokens.length > options.spaceIds.length) throw new Error("list walk: more pages than spaces")
  }
  const missing = options.spaceIds.filter((id) => !seen.has(id))
  if (missing.length > 0 || seen.size !== options.spaceIds.length || count !== options.spaceIds.length) {
    throw new Error(
      `list walk: saw ${seen.size} spaces (count ${count}), ${missing.length} seeded ones missing, expected ${options.spaceIds.length}`
    )
  }
  const first = url(undefined)
  const last = url(tokens.at(-1))
  for (let i = 0; i < 3; i++) {
    await timed(first, options.token)
    await timed(last, options.token)
  }
  const firstMs: Array<number> = []
  const lastMs: Array<number> = []
  for (let i = 0; i < options.repeats; i++) {
    firstMs.push(await timed(first, options.token))
    lastMs.push(await timed(last, options.token))
  }
  const firstPageMs = median(firstMs)
  const page100Ms = median(lastMs)
  return { pages: tokens.length, firstPageMs, page100Ms, ratio: page100Ms / firstPageMs }
}
