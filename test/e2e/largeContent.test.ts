import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { makeUser, type Principal } from "./support/fixtures.js"
import { declaredPng, solidPng } from "./support/png.js"
import { longestWaitDuring, peakResidentMegabytes } from "./support/probe.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Large content and hostile images do not hold the server: while a 2,000-page change request
 * is listed for the first time, or exported as a PDF, and while a page with an image declaring
 * 10000×10000 pixels is exported, a GET to the same server process is still answered promptly.
 * Each backend's content is written through one server; the reads go to fresh processes on the
 * same database (cold caches, as a second server behind a load balancer sees them). The waits
 * are printed for the notes; the bound asserted is generous.
 */
const PAGES = 2_000
const BOUND_MILLIS = 2_000

const pageMarkdown = (n: number) =>
  [
    `Page ${n} explains *one* thing, with [a link](https://example.com/${n}) and \`code\`.`,
    "",
    "## Details",
    "",
    "- first point of the page",
    "- second point, **bold**",
    "  - a nested point",
    "",
    "```ts",
    `const page = ${n}`,
    "```",
    "",
    "| key | value |",
    "| --- | --- |",
    `| n | ${n} |`
  ].join("\n")

const available = await postgresAvailable()
const backends = [
  { name: "SQLite", enabled: true },
  { name: "Postgres", enabled: available }
] as const

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`large content on ${backend.name}`, { timeout: 600_000 }, () => {
    let scope: Scope.CloseableScope | undefined
    let writer: RunningServer
    const readers: Array<RunningServer> = []
    let ada: Principal
    let space: string
    let large: string
    let hugeImage: string
    let work: string

    /** A fresh server process on the same database, with ada's token. */
    const reader = async () => {
      const server = await startServer({ databaseUrl: writer.env.DATABASE_URL! })
      readers.push(server)
      return server
    }
    const probeUrl = (server: RunningServer) => `${server.url}/v1/spaces/${space}`

    const write = async (changeRequest: string, changes: Array<unknown>) =>
      (await ada.api.spaces.updateChangeRequestContent(space, changeRequest, { changes } as any, { compat: false })).data as {
        insertedFiles?: Array<{ id: string }>
      }

    const downloadPdf = async (server: RunningServer, changeRequest: string) => {
      const asked = await fetch(`${server.url}/v1/spaces/${space}/change-requests/${changeRequest}/pdf`, {
        headers: { authorization: `Bearer ${ada.token}` }
      })
      expect(asked.status).toBe(200)
      const { url } = (await asked.json()) as { url: string }
      const response = await fetch(url)
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
    }

    beforeAll(async () => {
      let databaseUrl: string | undefined
      if (backend.name === "Postgres") {
        scope = Effect.runSync(Scope.make())
        databaseUrl = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
      }
      writer = await startServer(databaseUrl === undefined ? {} : { databaseUrl })
      ada = await makeUser(writer, "ada@acme.test", "Ada")
      const acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
      space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
      hugeImage = (await ada.api.spaces.createChangeRequest(space, { subject: "Huge image" })).data.id
      const [huge, small] = (
        await write(hugeImage, [
          {
            operation: "insert_files",
            files: [
              { name: "huge.png", contentType: "image/png", base64: declaredPng(10_000, 10_000).toString("base64") },
              { name: "small.png", contentType: "image/png", base64: solidPng(40, 30, [10, 120, 10]).toString("base64") }
            ]
          }
        ])
      ).insertedFiles!
      await write(hugeImage, [
        {
          operation: "insert_page",
          title: "Pictures",
          document: { markdown: `Before.\n\n![the huge one](/files/${huge!.id})\n\n![the small one](/files/${small!.id})\n\nAfter.` }
        }
      ])
      large = (await ada.api.spaces.createChangeRequest(space, { subject: "Large" })).data.id
      for (let batch = 0; batch < PAGES / 50; batch++) {
        await write(
          large,
          Array.from({ length: 50 }, (_, i) => {
            const n = batch * 50 + i
            return { operation: "insert_page", title: `Page ${n}`, document: { markdown: pageMarkdown(n) } }
          })
        )
      }
      work = mkdtempSync(join(tmpdir(), "quire-large-"))
    }, 600_000)

    afterAll(async () => {
      for (const server of readers) await server.stop()
      await writer?.stop()
      if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
      if (work !== undefined) rmSync(work, { recursive: true, force: true })
    })

    it("the first listing of a 2,000-page change request holds no other request", async () => {
      const server = await reader()
      const { result, longestMillis, medianMillis, probes } = await longestWaitDuring(probeUrl(server), ada.token, async () => {
        const started = performance.now()
        const response = await fetch(`${server.url}/v1/spaces/${space}/change-requests/${large}/content/pages`, {
          headers: { authorization: `Bearer ${ada.token}` }
        })
        const body = (await response.json()) as { pages: Array<{ title: string }> }
        return { status: response.status, pages: body.pages, millis: Math.round(performance.now() - started) }
      })
      console.log(`${backend.name}: cold listing of ${PAGES} pages took ${result.millis} ms; longest other GET ${longestMillis} ms, median ${medianMillis} ms (${probes} probes)`)
      expect(result.status).toBe(200)
      expect(result.pages).toHaveLength(PAGES)
      expect(result.pages[PAGES - 1]!.title).toBe(`Page ${PAGES - 1}`)
      expect(probes).toBeGreaterThan(0)
      expect(longestMillis).toBeLessThan(BOUND_MILLIS)
    })

    it("the PDF of a 2,000-page change request holds no other request", async () => {
      const server = await reader()
      const { result, longestMillis, medianMillis, probes } = await longestWaitDuring(probeUrl(server), ada.token, async () => {
        const started = performance.now()
        const pdf = await downloadPdf(server, large)
        return { ...pdf, millis: Math.round(performance.now() - started) }
      })
      console.log(`${backend.name}: cold PDF of ${PAGES} pages (${result.bytes.length} bytes) took ${result.millis} ms; longest other GET ${longestMillis} ms, median ${medianMillis} ms (${probes} probes)`)
      expect(result.status).toBe(200)
      const path = join(work, "large.pdf")
      writeFileSync(path, result.bytes)
      const text = execFileSync("pdftotext", ["-f", "1", "-l", "3", path, "-"], { encoding: "utf8" })
      expect(text).toContain("Page 0")
      expect(longestMillis).toBeLessThan(BOUND_MILLIS)
    })

    it("an image declaring 10000×10000 pixels prints as a line of text, the PDF is clean, the process stays small", async () => {
      const server = await reader()
      const { result, longestMillis, medianMillis, probes } = await longestWaitDuring(probeUrl(server), ada.token, async () => {
        const started = performance.now()
        const pdf = await downloadPdf(server, hugeImage)
        return { ...pdf, millis: Math.round(performance.now() - started) }
      })
      const peak = peakResidentMegabytes(server.pid)
      console.log(`${backend.name}: PDF with a 10000×10000 PNG took ${result.millis} ms; longest other GET ${longestMillis} ms, median ${medianMillis} ms (${probes} probes); server peak RSS ${peak} MB`)
      expect(result.status).toBe(200)
      const path = join(work, "huge.pdf")
      writeFileSync(path, result.bytes)
      const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" })
      expect(text).toContain("Before.")
      expect(text).toContain("After.")
      expect(text).toMatch(/\[image: the huge one\b[^\]]*10000\s*×\s*10000/)
      const images = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" }).trim().split("\n").slice(2)
      // The small image is embedded; the huge one is not.
      expect(images).toHaveLength(1)
      expect(images[0]).toMatch(/^\s*\d+\s+\d+\s+image\s+40\s+30\s+rgb/)
      expect(peak).toBeLessThan(700)
      expect(longestMillis).toBeLessThan(BOUND_MILLIS)
    })
  })
}
