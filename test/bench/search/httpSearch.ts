import { Agent, get as httpGet, type IncomingMessage } from "node:http"
import type { Target } from "../section.js"
import type { Latency } from "./latency.js"

/**
 * One connection kept open for every search: what is timed is the request and Quire's answer, not
 * a client's connection setup or `fetch`'s own machinery (about a millisecond a request on this
 * machine, more than a rare word's raw query).
 */
const oneConnection = () => new Agent({ keepAlive: true, maxSockets: 1 })
let agent = oneConnection()
let lastAnswered = 0

/**
 * A connection left idle past the server's keep-alive timeout (5 s, while the raw engine is
 * timed in turn) is closed by the server, and a request sent on it as that happens fails
 * ("socket hang up"): after a pause of a second, the next request opens a new one.
 */
const IDLE_MS = 1_000

/** A GET with the bearer token on the kept-alive connection, answered by `read`ing the response to its end. */
const send = <A>(url: string, token: string, read: (response: IncomingMessage, done: (answer: A) => void) => void) =>
  new Promise<A>((resolve, reject) => {
    if (performance.now() - lastAnswered > IDLE_MS) {
      agent.destroy()
      agent = oneConnection()
    }
    const request = httpGet(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.on("error", reject)
      read(response, (answer) => {
        lastAnswered = performance.now()
        resolve(answer)
      })
    })
    request.on("error", reject)
  })

/** A GET: the status and the body's bytes. */
export const getBytes = (url: string, token: string) =>
  send<{ status: number; body: Buffer }>(url, token, (response, done) => {
    const chunks: Array<Buffer> = []
    response.on("data", (chunk: Buffer) => chunks.push(chunk))
    response.on("end", () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }))
  })

/** A GET: the status, once the body has been read to its end (and dropped). */
const getStatus = (url: string, token: string) =>
  send<number>(url, token, (response, done) => {
    response.on("data", () => {})
    response.on("end", () => done(response.statusCode ?? 0))
  })

/** The URL path and query of one search. */
export const searchPath = (path: string, query: string) => `${path}?query=${encodeURIComponent(query)}`

/** One search through Quire's HTTP API; how many results (spaces or pages) the first page held. */
export const searchOverHttp = async (target: Target, path: string, query: string): Promise<number> => {
  const { status, body: bytes } = await getBytes(`${target.url}${searchPath(path, query)}`, target.token)
  const text = bytes.toString("utf8")
  if (status !== 200) throw new Error(`search: GET ${path}?query=${JSON.stringify(query)} answered ${status}: ${text.slice(0, 500)}`)
  const body = JSON.parse(text) as { readonly items: ReadonlyArray<{ readonly pages?: ReadonlyArray<unknown> }> }
  // An organization's answer groups pages by space: count the pages.
  return body.items.reduce((n, item) => n + (item.pages?.length ?? 1), 0)
}

/**
 * One timed search: Quire's whole answer received and its status checked, not parsed. Parsing
 * is the client's work, and its garbage: the bench's process collected it in pauses of a few
 * milliseconds that were timed as Quire's (docs/performance.md, session 18). Each class's first
 * answer is parsed (`searchOverHttp`), and a failure's answer read for its message.
 */
export const timedSearchOverHttp = async (target: Target, path: string, query: string): Promise<void> => {
  const status = await getStatus(`${target.url}${searchPath(path, query)}`, target.token)
  if (status === 200) return
  await searchOverHttp(target, path, query)
  throw new Error(`search: GET ${path}?query=${JSON.stringify(query)} answered ${status}`)
}

export interface HttpClassFigures extends Latency {
  /** Pages on the first page of results of the class's first query. */
  readonly results: number
}
