import { alternatingLoad } from "./alternatingLoad.js"
import { type BenchContext, round, type Section, type SectionResult, type Target } from "./section.js"
import { type StaticAnswer, startStaticAnswers } from "./staticAnswers.js"
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

/** A site space's page URLs (paths under the public URL), and how many pages its space holds. */
interface SiteSpaceUrls {
  readonly pages: number
  readonly urls: ReadonlyArray<string>
}

/** The page URLs of each site space of the seeded site, the smallest space first. */
const siteUrls = async (context: BenchContext, quire: Target): Promise<Array<SiteSpaceUrls>> => {
  const { site, content } = context.seeded
  const found: Array<SiteSpaceUrls> = []
  for (const siteSpace of site.siteSpaces) {
    const urls: Array<string> = []
    for (const path of await documentPaths(quire, siteSpace.spaceId)) {
      urls.push([site.path, siteSpace.urlPath, path].filter((part) => part !== "").join("/"))
    }
    found.push({ pages: content.find((space) => space.spaceId === siteSpace.spaceId)?.pages ?? 0, urls })
  }
  return found.sort((a, b) => a.pages - b.pages)
}

/** `count` of `urls` at random. */
const sampleOf = (urls: ReadonlyArray<string>, count: number): Array<string> => {
  const shuffled = [...urls]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  return shuffled.slice(0, count)
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
 * Pages of the 10,000-page section measured: each of its pages carries the whole page tree in
 * its sidebar (about 1.2 MB a page), too much to hold every one in the baseline's memory.
 */
const LARGE_SAMPLE = 50

/** One set of URLs measured on both servers, and what it makes of the figures. */
interface Measured {
  readonly load: ReturnType<typeof alternatingLoad>
  readonly meanBytes: number
}

const verdict = (ratio: number, p99Ms: number) => (ratio >= BAR.ratio && p99Ms < BAR.p99Ms ? "PASS" : "MISS")

const figuresOf = ({ load }: Measured) => {
  const { quire, baseline } = load.figures()
  const ratio = round(quire.rps / baseline.rps)
  return { quire: quire.rps, baseline: baseline.rps, ratio, p99Ms: quire.p99Ms }
}

/**
 * A published page of the seeded site (`seedSite.ts`) under wrk with 32 connections, on the
 * real Quire server and on a `node:http` server answering each URL with the bytes Quire
 * answered, held in memory (`baseline-static-server.ts`), in alternating rounds
 * (`alternatingLoad`). The figure and its bar: every page URL of the site's default section
 * (the 10-page space) at random. Beside it, `large`: a sample of
 * `LARGE_SAMPLE` pages of the 10,000-page section, the same way. Every URL is fetched from
 * Quire once before measuring, which also leaves Quire as a server that has served each before.
 */
export const publishedPageSection = (context: BenchContext): Section => {
  const measured: Array<Measured> = []

  const onBoth = async (quire: Target) => {
    const [small, ...others] = await siteUrls(context, quire)
    if (small === undefined) throw new Error("publishedPage: the seeded site shows no site space")
    const sets = [
      { name: "publishedPage", title: `every page URL of the ${small.pages}-page section`, urls: small.urls },
      ...others.map((other) => ({
        name: `publishedPage-${other.pages}`,
        title: `${Math.min(LARGE_SAMPLE, other.urls.length)} pages at random of the ${other.pages}-page section`,
        urls: sampleOf(other.urls, LARGE_SAMPLE)
      }))
    ]
    const all = sets.flatMap((set) => set.urls)
    console.log(`publishedPage: fetching ${all.length} page URLs of the published site from Quire for the baseline …`)
    const started = performance.now()
    const answers = await getPages(quire.url, all)
    const held: Array<StaticAnswer> = []
    for (const url of all) {
      const answer = answers.get(url)!
      if (answer.status !== 200) throw new Error(`publishedPage: Quire answered ${answer.status} for ${url}: ${answer.body.toString().slice(0, 300)}`)
      held.push({ path: url, contentType: answer.contentType, etag: answer.etag, body: answer.body })
    }
    console.log(`  fetched in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const baseline = await startStaticAnswers(context, `baseline-static-${context.backend.name}`, held, quire.url)
    try {
      console.log(`  baseline (static pages) is up at ${baseline.url} (pid ${baseline.process.pid}, CPU ${context.config.serverCpu})`)
      const sample = sampleIds(all, 1)
      compareAnswers(sample, await getPages(quire.url, sample), await getPages(baseline.url, sample))
      console.log(`  baseline and Quire return the same bytes and content type for ${sample.length} pages`)
      for (const set of sets) {
        const meanBytes = set.urls.reduce((sum, url) => sum + answers.get(url)!.body.length, 0) / set.urls.length
        console.log(`${set.name}: ${set.title}, ${Math.round(meanBytes)} bytes a page on average`)
        // A visitor sends no token.
        const load = alternatingLoad(context, set.name, set.urls, { accept: ACCEPT })
        await load.run({ url: quire.url, token: "" }, { url: baseline.url, token: "" })
        measured.push({ load, meanBytes })
      }
    } finally {
      await baseline.process.stop()
    }
  }

  const rowsOf = (label: string, set: Measured) => {
    const figures = figuresOf(set)
    return [
      ...set.load.result().rows.map((row) => ({ ...row, figure: `${label}${row.figure}` })),
      { figure: `${label}bytes/page`, quire: Math.round(set.meanBytes).toString() },
      { figure: `${label}bar: ratio ≥ ${BAR.ratio}, p99 < ${BAR.p99Ms} ms`, quire: verdict(figures.ratio, figures.p99Ms) }
    ]
  }

  const result = (): SectionResult => {
    const [main, large] = measured
    if (main === undefined) throw new Error("publishedPage: not measured")
    return {
      json: { ...figuresOf(main), ...(large ? { large: figuresOf(large) } : {}) },
      rows: [...rowsOf("", main), ...(large ? rowsOf("large: ", large) : [])]
    }
  }

  return { key: "publishedPage", onBoth, result }
}
