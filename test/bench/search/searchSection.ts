import { median } from "../median.js"
import { mergeOnce, ROUNDS } from "../mergeChangeRequest.js"
import { type BenchContext, round, type Section, type TableRow } from "../section.js"
import { barFor, meetsBar, REINDEX_RATIO_BAR } from "./bars.js"
import { rawSpaceId } from "./corpus.js"
import { measureSearchFloor } from "./floor.js"
import { startHttpClient } from "./httpClient.js"
import { type HttpClassFigures, searchOverHttp } from "./httpSearch.js"
import { localSide, measureInTurn, SLICES } from "./inTurn.js"
import type { Latency, SampleCount } from "./latency.js"
import { type RawClassFigures, type RawEngine, rawClassRunner } from "./rawEngine.js"
import { rawPostgresEngine } from "./rawPostgres.js"
import { SCOPES, type Scope } from "./rawQuery.js"
import { rawSqliteEngine } from "./rawSqlite.js"
import { describeSteadiness, measureSteadiness, type Steadiness } from "../hostSteadiness.js"
import { withThisProcessPinned } from "../processes.js"

/** Merge rounds start here, so that no round writes the text an earlier section's round left on the same page. */
const FIRST_ROUND = 1_000

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2))

/**
 * Full-text search (issue 34) on the seeded corpus (`corpus.ts`): each query class through
 * `GET /v1/orgs/{id}/search` and `GET /v1/spaces/{id}/search`, p50 and p99 one request at a
 * time, beside the same class answered by the naive raw engine of the backend on the same
 * corpus (built by the bench in a store of its own, timed in turn with Quire's answers:
 * `inTurn.ts`); and the
 * merge of a one-page change request in a corpus space against one in the 10-page space.
 */
export const searchSection = (context: BenchContext): Section => {
  const seeded = context.seeded.search
  if (seeded === undefined) throw new Error("search: the corpus was not seeded")
  const { corpus } = seeded
  const runs: SampleCount = { min: context.config.searchRuns, max: context.config.searchMaxRuns, budgetMs: context.config.searchBudgetMs }
  // As many untimed requests as timed ones per class and scope: on the server's one core, V8's
  // optimizing compiler and collector threads take the main thread's time for hundreds of calls
  // after a path first runs (a rare word in process, pinned: p99 4.5 ms after 5 calls, 2.4 after 1,000).
  const warmup = context.config.searchWarmup ?? runs.min
  const wanted = context.config.searchClasses
  for (const name of wanted ?? []) {
    if (!corpus.classes.some((c) => c.name === name)) throw new Error(`BENCH_SEARCH_CLASSES: no query class "${name}"`)
  }
  const classes = corpus.classes.filter((c) => wanted === undefined || wanted.includes(c.name))
  const http = new Map<string, Record<Scope, HttpClassFigures>>()
  let raw: ReadonlyMap<string, RawClassFigures> | undefined
  let floor: ReadonlyMap<string, Record<Scope, Latency>> | undefined
  let rawBuildSeconds = 0
  const reindex = new Map<number, number>()
  const steadiness: Array<Steadiness> = []
  const takeSteadiness = async (when: string) => {
    const taken = await withThisProcessPinned(context.config.serverCpu, async () => measureSteadiness())
    steadiness.push(taken)
    console.log(`search: the server's CPU ${when}: ${describeSteadiness(taken)}`)
  }

  return {
    key: "search",
    onQuire: async (quire) => {
      const paths: Record<Scope, string> = {
        org: `/v1/orgs/${seeded.organizationId}/search`,
        space: `/v1/spaces/${seeded.spaceIds[corpus.focusSpace]}/search`
      }
      const engine: RawEngine =
        context.backend.name === "sqlite" ? await rawSqliteEngine(corpus, context.dir) : await rawPostgresEngine(corpus)
      // On the other CPU, as wrk is, in a process of its own (`clientProcess.ts`).
      const client = startHttpClient(context.config.loadCpu)
      try {
        rawBuildSeconds = engine.buildSeconds
        console.log(
          `search: ${engine.title} built on the corpus in ${rawBuildSeconds.toFixed(1)} s; ${classes.length} query classes × organization and space, ` +
            `through Quire's API and on the raw engine in turn (${SLICES} slices each), ${warmup} untimed calls each, then ${runs.min} to ${runs.max} timed (~${runs.budgetMs / 1000} s of calls), one at a time …`
        )
        await takeSteadiness("before")
        await client.warmAll(quire, paths, classes, warmup)
        const rawScopes: Record<Scope, ReadonlyArray<string>> = {
          org: corpus.spaces.map(rawSpaceId),
          space: [rawSpaceId(corpus.spaces[corpus.focusSpace]!)]
        }
        const measured = new Map<string, RawClassFigures>()
        for (const queryClass of classes) {
          const figures = {} as Record<Scope, HttpClassFigures>
          const rawPerScope = {} as Record<Scope, Latency & { rows: number }>
          const errors = new Set<string>()
          for (const scope of SCOPES) {
            const results = await searchOverHttp(quire, paths[scope], queryClass.queries[0]!)
            const rawRunner = await rawClassRunner(engine, queryClass, rawScopes[scope])
            for (const error of rawRunner.errors) errors.add(error)
            const [quireLatency, rawLatency] = await measureInTurn(runs, warmup, [
              client.side(quire, paths[scope], queryClass),
              // On the server's one CPU, as Quire answers: the raw engine's runtime gets no second core for its collector and compiler.
              localSide(rawRunner.run, (work) => withThisProcessPinned(context.config.serverCpu, work))
            ])
            figures[scope] = { ...quireLatency!, results }
            rawPerScope[scope] = { ...rawLatency!, rows: rawRunner.rows }
          }
          http.set(queryClass.name, figures)
          measured.set(queryClass.name, { ...rawPerScope, errors: [...errors] })
          console.log(
            `  ${queryClass.name}: org p50 ${ms(figures.org.p50Ms)} / p99 ${ms(figures.org.p99Ms)} ms (${figures.org.results} pages), ` +
              `space ${ms(figures.space.p50Ms)} / ${ms(figures.space.p99Ms)} ms (${figures.space.results} pages); ` +
              `raw org ${ms(rawPerScope.org.p50Ms)} / ${ms(rawPerScope.org.p99Ms)} ms (${rawPerScope.org.rows} rows), ` +
              `space ${ms(rawPerScope.space.p50Ms)} / ${ms(rawPerScope.space.p99Ms)} ms` +
              (errors.size > 0 ? `; as typed: ${[...errors].join("; ")}` : "")
          )
        }
        raw = measured
        console.log(`search: the floor, the same answers from a server that holds them (${classes.length} classes × organization and space) …`)
        floor = await measureSearchFloor(context, client, quire, paths, classes, runs, warmup)
        await takeSteadiness("after")
      } finally {
        await engine.close()
        await client.close()
      }
      for (const [name, figures] of floor) {
        console.log(`  ${name}: org p50 ${ms(figures.org.p50Ms)} / p99 ${ms(figures.org.p99Ms)} ms, space ${ms(figures.space.p50Ms)} / ${ms(figures.space.p99Ms)} ms`)
      }
      console.log(`search: ${ROUNDS} one-page merges into the 10-page space and into a space of the ${corpus.pageCount}-page organization …`)
      const small = context.seeded.content.find((space) => space.pages === 10)
      if (small === undefined) throw new Error("search: no 10-page content space")
      const focus = corpus.spaces[corpus.focusSpace]!
      const large = { pages: corpus.pageCount, spaceId: seeded.spaceIds[corpus.focusSpace]!, pageIds: focus.pages.map((page) => page.id) }
      for (const space of [small, large]) {
        const times: Array<number> = []
        for (let n = 0; n <= ROUNDS; n++) {
          const took = await mergeOnce(quire, space, FIRST_ROUND + n)
          if (n > 0) times.push(took)
        }
        reindex.set(space.pages, median(times))
        console.log(`  ${space.pages} pages: median ${median(times).toFixed(2)} ms`)
      }
    },
    result: () => {
      if (raw === undefined || floor === undefined || http.size === 0) throw new Error("search: not measured")
      const rows: Array<TableRow> = []
      const failed: Array<string> = []
      const perClass: Record<string, unknown> = {}
      for (const queryClass of classes) {
        const quire = http.get(queryClass.name)!
        const rawFigures = raw.get(queryClass.name)!
        const floorFigures = floor.get(queryClass.name)!
        const perScope: Record<string, unknown> = {}
        for (const scope of SCOPES) {
          const bar = barFor(queryClass, scope, rawFigures[scope])
          const pass = meetsBar(quire[scope], bar)
          // A server that only replays the answers (the floor) over its bar: the host's tail, not Quire's work.
          const floorMeetsBar = meetsBar(floorFigures[scope], bar)
          if (!pass) failed.push(`${queryClass.name}/${scope}`)
          perScope[scope] = {
            p50Ms: round(quire[scope].p50Ms),
            p99Ms: round(quire[scope].p99Ms),
            rawP50Ms: round(rawFigures[scope].p50Ms),
            rawP99Ms: round(rawFigures[scope].p99Ms),
            floorP50Ms: round(floorFigures[scope].p50Ms),
            floorP99Ms: round(floorFigures[scope].p99Ms),
            floorMeetsBar,
            samples: quire[scope].samples,
            rawSamples: rawFigures[scope].samples
          }
          rows.push({
            figure: `${queryClass.name} ${scope} p50 / p99 ms`,
            quire: `${ms(quire[scope].p50Ms)} / ${ms(quire[scope].p99Ms)}`,
            baseline: `raw ${ms(rawFigures[scope].p50Ms)} / ${ms(rawFigures[scope].p99Ms)}, floor ${ms(floorFigures[scope].p50Ms)} / ${ms(floorFigures[scope].p99Ms)}`,
            ratio:
              `${pass ? "PASS" : "FAIL"} ${bar.rule === "beat" ? "<" : "≤"} ${ms(bar.p50Ms)} / ${ms(bar.p99Ms)}` +
              (floorMeetsBar ? "" : " (the floor too)")
          })
        }
        perClass[queryClass.name] = perScope
      }
      const small = reindex.get(10)
      const large = reindex.get(corpus.pageCount)
      if (small === undefined || large === undefined) throw new Error("search: re-indexing not measured")
      const reindexPass = large <= REINDEX_RATIO_BAR * small
      if (!reindexPass) failed.push("reindex")
      rows.push({
        figure: `merge + re-index ms, 10 / ${corpus.pageCount} pages`,
        quire: `${ms(small)} / ${ms(large)}`,
        ratio: `${(large / small).toFixed(2)} ${reindexPass ? "PASS" : "FAIL"} ≤ ${REINDEX_RATIO_BAR}`
      })
      rows.push({ figure: "seed corpus s (Quire) / raw engine build s", quire: seeded.seconds.toFixed(1), baseline: rawBuildSeconds.toFixed(1) })
      return {
        json: {
          classes: perClass,
          reindexMs: { "10": round(small), [String(corpus.pageCount)]: round(large) },
          failed,
          // The host's steadiness before and after (`hostSteadiness.ts`): read the verdict beside it.
          cpuSlowPercent: steadiness.map((taken) => round(taken.slowPercent, 1)),
          seedSeconds: round(seeded.seconds, 1),
          rawBuildSeconds: round(rawBuildSeconds, 1)
        },
        rows
      }
    }
  }
}
