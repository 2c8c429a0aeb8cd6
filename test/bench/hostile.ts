/**
 * Issue 29's hostile inputs against two `quire serve` processes on one database: each case is
 * sent to the first process while a reader polls the same process (`GET /v1/spaces/:id`) and a
 * writer writes through the second (`POST .../change-requests`). Prints, per case, the answer's
 * status and time, and the longest the reader and the writer waited meanwhile. A figure, not a
 * test: `pnpm tsx test/bench/hostile.ts [sqlite|postgres] [case-name-filter]`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { solidPng } from "../e2e/support/png.js"
import { type RunningServer, startServer } from "../e2e/support/server.js"
import { freshPostgresDatabase } from "../support/postgres.js"

const backend = process.argv[2] ?? "sqlite"
const only = process.argv[3]

interface Answer {
  readonly status: number
  readonly ms: number
  readonly text: string
}

const call = async (server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<Answer> => {
  const start = performance.now()
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, ms: performance.now() - start, text }
}

const json = (answer: Answer) => {
  if (answer.status >= 300) throw new Error(`${answer.status}: ${answer.text.slice(0, 300)}`)
  return JSON.parse(answer.text)
}

/** Calls `send` every `everyMs` until stopped, one at a time; the longest answer. */
const poll = (send: () => Promise<Answer>, everyMs: number) => {
  let running = true
  let longest = 0
  let count = 0
  let failed = 0
  let lastError = ""
  const loop = (async () => {
    while (running) {
      const start = performance.now()
      const answer = await send().catch((error: unknown) => ({ status: 0, ms: performance.now() - start, text: String(error) }))
      if (answer.status === 0) {
        failed++
        lastError = `${answer.text} ${String((answer as { cause?: unknown }).cause ?? "")}`
      }
      longest = Math.max(longest, answer.ms)
      count++
      await new Promise((done) => setTimeout(done, everyMs))
    }
  })()
  return async () => {
    running = false
    await loop
    if (lastError !== "") console.error(lastError)
    return { longest, count, failed }
  }
}

const database = async () => {
  if (backend === "postgres") {
    const scope = Effect.runSync(Scope.make())
    const url = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
    return { url, drop: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
  }
  const dir = mkdtempSync(join(tmpdir(), "quire-hostile-"))
  return { url: `sqlite:${join(dir, "quire.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
}

const makeUser = async (server: RunningServer, email: string) => {
  const out = await server.cli("users", "create", "--email", email, "--name", email.split("@")[0]!)
  return JSON.parse(out.split("\n").find((line) => line.startsWith("{"))!) as { user: { id: string }; token: string }
}

const db = await database()
const a = await startServer({ databaseUrl: db.url })
const b = await startServer({ databaseUrl: db.url })
try {
  const ada = await makeUser(a, "ada@acme.test")
  const eve = await makeUser(a, "eve@evil.test")
  const org = json(await call(a, ada.token, "POST", "/orgs", { title: "Acme" })).id as string
  const space = json(await call(a, ada.token, "POST", `/orgs/${org}/spaces`, { title: "Handbook" })).id as string
  const newCr = async () => json(await call(a, ada.token, "POST", `/spaces/${space}/change-requests`, { subject: "x" })).id as string
  const write = (cr: string, changes: ReadonlyArray<unknown>) => call(a, ada.token, "POST", `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes })
  let pages = 0
  const page = (markdown: string) => [{ operation: "insert_page", title: `Page ${++pages}`, document: { markdown } }]

  // A secret of Acme that eve must not read, and eve's own change request.
  const secretCr = await newCr()
  const secretAnswer = await write(secretCr, page("The secret."))
  const secretPage = JSON.parse(secretAnswer.text).changes[0].page.id as string
  json(await call(a, ada.token, "POST", `/spaces/${space}/change-requests/${secretCr}/merge`))
  const secretRevision = json(await call(a, ada.token, "GET", `/spaces/${space}/content`)).id as string
  const evil = json(await call(a, eve.token, "POST", "/orgs", { title: "Evil" })).id as string
  const eveSpace = json(await call(a, eve.token, "POST", `/orgs/${evil}/spaces`, { title: "Loot" })).id as string
  const eveCr = json(await call(a, eve.token, "POST", `/spaces/${eveSpace}/change-requests`, { subject: "x" })).id as string

  // A change request of 2,000 pages, written 50 at a time.
  const bigCr = await newCr()
  for (let i = 0; i < 40; i++) {
    json(await write(bigCr, Array.from({ length: 50 }, (_, j) => page(`# Big ${i * 50 + j}\n\nSome text with a [link](https://example.com) and **bold**.`)[0])))
  }
  const png = (side: number) => [
    { operation: "insert_files", files: [{ ref: "img", name: "big.png", contentType: "image/png", base64: solidPng(side, side, [200, 10, 10]).toString("base64") }] },
    { operation: "insert_page", title: "Image", document: { markdown: "![big](img)" } }
  ]
  const imageCr = async (side: number) => {
    const cr = await newCr()
    json(await write(cr, png(side)))
    return cr
  }
  /** The export's signed URL, then the PDF itself: the answer time covers both. */
  const pdfOf = async (cr: string) => async () => {
    const start = performance.now()
    const answer = json(await call(a, ada.token, "GET", `/spaces/${space}/change-requests/${cr}/pdf`))
    const url = new URL(answer.url as string)
    const pdf = await call(a, ada.token, "GET", `${url.pathname.replace(/^\/v1/, "")}${url.search}`)
    return { ...pdf, ms: performance.now() - start, text: pdf.status >= 400 ? pdf.text : `${pdf.text.length} characters` }
  }
  const yaml = ["a: &a [x,x,x,x,x,x,x,x,x]", ..."bcdef".split("").map((k, i) => `${k}: &${k} [${Array(9).fill(`*${"abcdef"[i]}`).join(",")}]`)].join("\n")

  const cases: ReadonlyArray<readonly [string, () => Promise<() => Promise<Answer>>]> = [
    ["revert_page of another organization's revision", async () => () =>
      call(a, eve.token, "POST", `/spaces/${eveSpace}/change-requests/${eveCr}/content`, { changes: [{ operation: "revert_page", page: secretPage, revision: secretRevision }] })],
    ["markdown: > x 5,000", async () => { const cr = await newCr(); return () => write(cr, page(`${">".repeat(5000)} x`)) }],
    ["markdown: YAML aliases (316 B)", async () => { const cr = await newCr(); return () => write(cr, page(`---\n${yaml}\n---\nbody`)) }],
    ["markdown: 300 nested lists", async () => { const cr = await newCr(); return () => write(cr, page(Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i)}- a`).join("\n"))) }],
    ["markdown: *a x 5,000", async () => { const cr = await newCr(); return () => write(cr, page("*a".repeat(5000))) }],
    ["markdown: 1 MB page", async () => { const cr = await newCr(); return () => write(cr, page("Some words in a paragraph, **bold** and [a link](https://example.com).\n\n".repeat(14000).slice(0, 1_000_000))) }],
    ["markdown: 50 KB of *_", async () => { const cr = await newCr(); return () => write(cr, page("*_".repeat(25000))) }],
    ["markdown: 250 KB of links and emphasis, within every limit", async () => {
      const cr = await newCr()
      const paragraph = Array.from({ length: 20 }, (_, i) => `[link ${i}](https://example.com/${i}) and **bold** _em_`).join(", ")
      return () => write(cr, page(`${paragraph}.\n\n`.repeat(Math.floor(250_000 / (paragraph.length + 3)))))
    }],
    ["contentType of 20,000 characters", async () => { const cr = await newCr(); return () => write(cr, [{ operation: "insert_files", files: [{ name: "a.txt", contentType: `text/${"x".repeat(20000)}`, base64: "aGk=" }] }]) }],
    ["PDF: 8000x8000 PNG", async () => pdfOf(await imageCr(8000))],
    ["PDF: 10000x10000 PNG", async () => pdfOf(await imageCr(10000))],
    ["first listing of a 2,000-page change request", async () => () => call(a, ada.token, "GET", `/spaces/${space}/change-requests/${bigCr}/content/pages`)],
    ["PDF of a 2,000-page change request", async () => pdfOf(bigCr)]
  ]

  console.log(`backend: ${backend}`)
  console.log("| case | status | answer ms | GET to the same process, longest ms | write through the other process, longest ms |")
  console.log("|---|---|---|---|---|")
  for (const [name, prepare] of cases) {
    if (only !== undefined && !name.includes(only)) continue
    const send = await prepare()
    const reader = poll(() => call(a, ada.token, "GET", `/spaces/${space}`), 25)
    const writer = poll(() => call(b, ada.token, "PATCH", `/spaces/${space}`, { title: `Handbook ${Date.now()}` }), 100)
    await new Promise((done) => setTimeout(done, 200))
    const answer = await send().catch((error: unknown) => ({ status: 0, ms: 0, text: String(error) }))
    await new Promise((done) => setTimeout(done, 200))
    const read = await reader()
    const wrote = await writer()
    const note = answer.status >= 400 ? ` (${(JSON.parse(answer.text || "{}")?.error?.message ?? answer.text).slice(0, 90)})` : ""
    console.log(`| ${name} | ${answer.status}${note} | ${answer.ms.toFixed(0)} | ${read.longest.toFixed(0)}${read.failed > 0 ? ` (${read.failed} failed)` : ""} | ${wrote.longest.toFixed(0)}${wrote.failed > 0 ? ` (${wrote.failed} failed)` : ""} |`)
  }
} finally {
  await a.stop()
  await b.stop()
  await db.drop()
}
