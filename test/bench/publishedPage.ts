import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { freePort } from "../e2e/support/server.js"
import { alternatingLoad } from "./alternatingLoad.js"
import { type BenchContext, round, type Section, type SectionResult, type Target } from "./section.js"
import { startBaseline } from "./servers.js"
import { sampleIds } from "./verify.js"

/** What a browser asks a published page for. */
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

/** The bar: Quire serves at least half the requests of a server answering from memory, with a p99 under 20 ms. */
const BAR = { ratio: 0.5, p99Ms: 20 } as const

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly etag: string | null
  readonly body: Buffer
}

/** One GET as wrk sends it to a published page: no token, a browser's Accept. */
const getPage = async (baseUrl: string, path: string): Promise<Answer> => {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept: ACCEPT } })
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    etag: response.headers.get("etag"),
    body: Buffer.from(await response.arrayBuffer())
  }
}

/** Every path's answer, `concurrency` requests at a time. */
const getPages = async (baseUrl: string, paths: ReadonlyArray<string>, concurrency = 8) => {
  const answers = new Map<string, Answer>()
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!
      answers.set(path, await getPage(baseUrl, path))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return answers
}

interface TreePage {
  readonly type: string
  readonly path?: string
  readonly pages?: ReadonlyArray<TreePage>
}

/** The paths of a space's document pages, from its page tree as the API lists it (`listPages`). */
const documentPaths = async (quire: Target, spaceId: string): Promise<Array<string>> => {
  const response = await fetch(`${quire.url}/v1/spaces/${spaceId}/content/pages`, { headers: { authorization: `Bearer ${quire.token}` } })
  if (response.status !== 200) throw new Error(`publishedPage: listPages of ${spaceId} answered ${response.status}: ${await response.text()}`)
  const { pages } = (await response.json()) as { pages: ReadonlyArray<TreePage> }
  const paths: Array<string> = []
  const walk = (list: ReadonlyArray<TreePage>) => {
    for (const page of list) {
      if (page.type === "document" && page.path !== undefined) paths.push(page.path)
      walk(page.pages ?? [])
    }
  }
  walk(pages)
  return paths
}

/** Every page URL of the seeded site (paths under the public URL), its root first. */
const siteUrls = async (context: BenchContext, quire: Target): Promise<Array<string>> => {
  const { site } = context.seeded
  const urls = [`${site.path}/`]
  for (const siteSpace of site.siteSpaces) {
    for (const path of await documentPaths(quire, siteSpace.spaceId)) {
      urls.push([site.path, siteSpace.urlPath, path].filter((part) => part !== "").join("/"))
    }
  }
  return urls
}

/** Fails unless the baseline answers each sampled path with Quire's bytes and content type. */
const compareAnswers = (paths: ReadonlyArray<string>, quire: ReadonlyMap<string, Answer>, baseline: ReadonlyMap<string, Answer>) => {
  const problems = paths.flatMap((path) => {
    const q = quire.get(path)!
    const b = baseline.get(path)!
    if (b.status !== 200) return [`${path}: baseline answered ${b.status}`]
    if (q.contentType !== b.contentType) return [`${path}: content type ${b.contentType}, Quire's ${q.contentType}`]
    if (!q.body.equals(b.body)) return [`${path}: ${b.body.length} bytes differ from Quire's ${q.body.length}`]
    return []
  })
  if (problems.length > 0) {
    const bar = "!".repeat(78)
    throw new Error(`\n${bar}\n!! THE BASELINE DOES NOT SERVE QUIRE'S BYTES: the comparison would be meaningless.\n${bar}\n${problems.join("\n")}`)
  }
}

/**
 * A published page of the seeded site (`seedSite.ts`) under wrk with 32 connections over every
 * page URL of the site at random (each section's document pages, and the site's root), on the
 * real Quire server and on a `node:http` server answering each of those URLs with the bytes
 * Quire answered, held in memory (`baseline-static-server.ts`), in alternating rounds
 * (`alternatingLoad`). Every page is fetched from Quire once before measuring, which also
 * leaves Quire as a server that has served each page before.
 */
export const publishedPageSection = (context: BenchContext): Section => {
  let load: ReturnType<typeof alternatingLoad> | undefined
  let meanBytes = 0

  const onBoth = async (quire: Target) => {
    const urls = await siteUrls(context, quire)
    console.log(`publishedPage: fetching all ${urls.length} page URLs of the published site from Quire for the baseline …`)
    const started = performance.now()
    const answers = await getPages(quire.url, urls)
    const lines: Array<string> = []
    for (const url of urls) {
      const answer = answers.get(url)!
      if (answer.status !== 200) throw new Error(`publishedPage: Quire answered ${answer.status} for ${url}: ${answer.body.toString().slice(0, 300)}`)
      lines.push(JSON.stringify([url, answer.contentType, answer.etag, answer.body.toString("base64")]))
      meanBytes += answer.body.length / urls.length
    }
    const pagesFile = join(context.dir, "published-pages.ndjson")
    writeFileSync(pagesFile, `${lines.join("\n")}\n`)
    console.log(`  fetched in ${((performance.now() - started) / 1000).toFixed(1)} s, ${Math.round(meanBytes)} bytes a page on average`)

    const port = await freePort()
    const baseline = await startBaseline({
      name: `baseline-static-${context.backend.name}`,
      main: join(import.meta.dirname, "baseline-static-server.ts"),
      env: { BENCH_STATIC_PAGES: pagesFile },
      port,
      publicUrl: quire.url,
      cpu: context.config.serverCpu,
      dir: context.dir
    })
    try {
      console.log(`  baseline (static pages) is up at ${baseline.url} (pid ${baseline.process.pid}, CPU ${context.config.serverCpu})`)
      const sample = sampleIds(urls, 1)
      compareAnswers(sample, await getPages(quire.url, sample), await getPages(baseline.url, sample))
      console.log(`  baseline and Quire return the same bytes and content type for ${sample.length} pages`)
      // A visitor sends no token.
      load = alternatingLoad(context, "publishedPage", urls, { accept: ACCEPT })
      await load.run({ url: quire.url, token: "" }, { url: baseline.url, token: "" })
    } finally {
      await baseline.process.stop()
    }
  }

  const result = (): SectionResult => {
    if (load === undefined) throw new Error("publishedPage: not measured")
    const { quire, baseline } = load.figures()
    const ratio = round(quire.rps / baseline.rps)
    const verdict = ratio >= BAR.ratio && quire.p99Ms < BAR.p99Ms ? "PASS" : "MISS"
    return {
      json: { quire: quire.rps, baseline: baseline.rps, ratio, p99Ms: quire.p99Ms },
      rows: [
        ...load.result().rows,
        { figure: "bytes/page", quire: Math.round(meanBytes).toString() },
        { figure: `bar: ratio ≥ ${BAR.ratio}, p99 < ${BAR.p99Ms} ms`, quire: verdict }
      ]
    }
  }

  return { key: "publishedPage", onBoth, result }
}
