import type { BenchContext, Target } from "../section.js"
import { type StaticAnswer, startStaticAnswers } from "../staticAnswers.js"
import type { QueryClass } from "./corpus.js"
import type { HttpClient } from "./httpClient.js"
import { getBytes, searchPath } from "./httpSearch.js"
import type { Latency, SampleCount } from "./latency.js"
import { SCOPES, type Scope } from "./rawQuery.js"

const answerOf = async (url: string, token: string) => {
  const { status, body } = await getBytes(url, token)
  if (status !== 200) throw new Error(`search floor: ${url} answered ${status}`)
  return body
}

/**
 * The floor under each class's figures on this machine: a `node:http` server on the server's CPU
 * answering every search URL of the classes with the bytes Quire answered, held in memory
 * (`baseline-static-server.ts`), timed by the same client process the same way (one kept-alive
 * connection, the same warm-up and runs, each answer read to its end). What a server doing no
 * work at all costs: loopback, both processes' scheduling and collectors. Not a bar.
 */
export const measureSearchFloor = async (
  context: BenchContext,
  client: HttpClient,
  quire: Target,
  paths: Readonly<Record<Scope, string>>,
  classes: ReadonlyArray<QueryClass>,
  runs: SampleCount,
  warmup: number
): Promise<ReadonlyMap<string, Record<Scope, Latency>>> => {
  const held: Array<StaticAnswer> = []
  for (const queryClass of classes) {
    for (const scope of SCOPES) {
      for (const query of queryClass.queries) {
        const path = searchPath(paths[scope], query)
        held.push({ path, contentType: "application/json", etag: null, body: await answerOf(`${quire.url}${path}`, quire.token) })
      }
    }
  }
  const floorServer = await startStaticAnswers(context, `search-floor-${context.backend.name}`, held, quire.url)
  try {
    const target = { url: floorServer.url, token: quire.token }
    await client.warmAll(target, paths, classes, warmup)
    const floor = new Map<string, Record<Scope, Latency>>()
    for (const queryClass of classes) {
      const figures = {} as Record<Scope, Latency>
      for (const scope of SCOPES) figures[scope] = await client.measure(target, paths[scope], queryClass, runs, warmup)
      floor.set(queryClass.name, figures)
    }
    return floor
  } finally {
    await floorServer.process.stop()
  }
}
