import { isDeepStrictEqual } from "node:util"

export interface Response {
  readonly status: number
  readonly body: string
}

export const getPath = async (baseUrl: string, token: string, path: string): Promise<Response> => {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: await response.text() }
}

export const getSpace = (baseUrl: string, token: string, id: string): Promise<Response> =>
  getPath(baseUrl, token, `/v1/spaces/${encodeURIComponent(id)}`)

/** A few ids spread over the seeded set: the first, the last service-made and first bulk-made, the last, some at random. */
export const sampleIds = (ids: ReadonlyArray<string>, viaService: number, random = 6): Array<string> => {
  const picks = new Set([0, Math.max(0, viaService - 1), Math.min(ids.length - 1, viaService), ids.length - 1])
  while (picks.size < Math.min(ids.length, 4 + random)) picks.add(Math.floor(Math.random() * ids.length))
  return [...picks].map((i) => ids[i]!)
}

export type Verdict = "byte-equal" | "equal-after-parse"

/** Compares one id's response from both servers; returns how they agree or what differs. */
const compareOne = (quire: Response, baseline: Response): Verdict | string => {
  if (quire.status !== 200) return `Quire answered ${quire.status}: ${quire.body.slice(0, 300)}`
  if (baseline.status !== 200) return `baseline answered ${baseline.status}: ${baseline.body.slice(0, 300)}`
  if (quire.body === baseline.body) return "byte-equal"
  if (isDeepStrictEqual(JSON.parse(quire.body), JSON.parse(baseline.body))) return "equal-after-parse"
  return `bodies differ:\n  quire:    ${quire.body}\n  baseline: ${baseline.body}`
}

/** Fails unless every id's JSON is the same from both servers (equal bytes, or equal after parsing). */
export const compareResponses = (
  ids: ReadonlyArray<string>,
  quire: ReadonlyMap<string, Response>,
  baseline: ReadonlyMap<string, Response>
): Verdict => {
  const problems: Array<string> = []
  let verdict: Verdict = "byte-equal"
  for (const id of ids) {
    const result = compareOne(quire.get(id)!, baseline.get(id)!)
    if (result === "equal-after-parse") verdict = result
    else if (result !== "byte-equal") problems.push(`${id}: ${result}`)
  }
  if (problems.length > 0) {
    const bar = "!".repeat(78)
    throw new Error(
      `\n${bar}\n!! THE BASELINE DOES NOT RETURN QUIRE'S JSON: the comparison would be meaningless.\n${bar}\n${problems.join("\n")}`
    )
  }
  return verdict
}

export const fetchAll = async (baseUrl: string, token: string, ids: ReadonlyArray<string>) =>
  new Map(await Promise.all(ids.map(async (id) => [id, await getSpace(baseUrl, token, id)] as const)))

/** Every path's response, `concurrency` requests at a time, by path. */
export const fetchPaths = async (baseUrl: string, token: string, paths: ReadonlyArray<string>, concurrency = 8) => {
  const responses = new Map<string, Response>()
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!
      responses.set(path, await getPath(baseUrl, token, path))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return responses
}
