import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ContentScope, InvalidInputError, type Quire } from "@quire/embed"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rejection, world } from "../embed/support.js"

// This file's process runs without the allow list: the fetcher refuses loopback as a server would.
delete process.env.QUIRE_FETCH_ALLOW

/**
 * An import through `@quire/embed`, whose layer provides the guarded fetcher from the
 * environment: with `QUIRE_FETCH_ALLOW` unset, a URL on loopback is refused before any request
 * leaves, and nothing is written. Then the same import works once the core is given a fetcher
 * allowed loopback (below: through the env before opening).
 */
let fixtures: Server
let requests = 0
let base: string

beforeAll(async () => {
  fixtures = createServer((_, response) => {
    requests++
    response.writeHead(200, { "content-type": "text/markdown" }).end("# Hello\n\nFrom loopback.\n")
  })
  await new Promise<void>((done) => fixtures.listen(0, "127.0.0.1", done))
  base = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((done) => fixtures?.close(done))
})

const titles = async (quire: Quire, user: { id: string }, spaceId: string) =>
  (await quire.as(user as any).content.pages(ContentScope.Space({ spaceId: spaceId as any }))).map((p) => p.title)

describe("the fetcher without QUIRE_FETCH_ALLOW", () => {
  it("refuses loopback, link-local and private addresses (400 naming url), fetching nothing and writing nothing", async () => {
    const w = await world()
    try {
      const as = w.quire.as(w.ada)
      const before = (await as.content.revision(ContentScope.Space({ spaceId: w.space.id }))).id
      for (const url of [`${base}/guide.md`, "http://[::1]:9/x.md", "http://169.254.169.254/latest", "http://192.168.1.1/x.md"]) {
        const error = await rejection(as.contentImports.importIntoSpace(w.space.id, { url, source: "markdown" }))
        expect(error).toBeInstanceOf(InvalidInputError)
        expect({ url, field: (error as InvalidInputError).field }).toEqual({ url, field: "url" })
        expect((error as Error).message).toMatch(/does not fetch \(QUIRE_FETCH_ALLOW can allow it\)/)
      }
      expect(requests).toBe(0)
      expect((await as.content.revision(ContentScope.Space({ spaceId: w.space.id }))).id).toBe(before)
    } finally {
      await w.quire.close()
    }
  })

  it("with QUIRE_FETCH_ALLOW=127.0.0.1 when the application opens, the same URL imports", async () => {
    process.env.QUIRE_FETCH_ALLOW = "127.0.0.1"
    const w = await world()
    try {
      const answer = await w.quire.as(w.ada).contentImports.importIntoSpace(w.space.id, { url: `${base}/guide.md`, source: "markdown" })
      expect(answer).toMatchObject({ importedResources: 1, totalResources: 1 })
      expect(await titles(w.quire, w.ada, w.space.id)).toEqual(["Hello"])
      expect(requests).toBe(1)
    } finally {
      delete process.env.QUIRE_FETCH_ALLOW
      await w.quire.close()
    }
  })
})
