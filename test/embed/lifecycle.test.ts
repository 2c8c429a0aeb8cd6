/** One instance: concurrent calls, close twice, calls after close; SQLite files and reopening. */
import { ContentScope, openQuire, QuireError } from "@quire/embed"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { rejection, world } from "./support.js"

const dir = mkdtempSync(join(tmpdir(), "quire-embed-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("@quire/embed lifecycle", () => {
  it("runs concurrent calls on one instance", async () => {
    const w = await world()
    const as = w.quire.as(w.ada)
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => as.spaces.create(w.org.id, { title: `S${i}` })))
    const read = await Promise.all(created.map((s) => w.quire.as(w.ada.id).spaces.get(s.id)))
    expect(read.map((s) => s.title)).toEqual(created.map((s) => s.title))
    expect((await as.spaces.list(w.org.id, { limit: 100 })).count).toBe(21)
    await w.quire.close()
  })

  it("close() twice is harmless; a call after it rejects saying it is closed", async () => {
    const w = await world()
    await w.quire.close()
    await w.quire.close()
    const error = await rejection(w.quire.as(w.ada).spaces.get(w.space.id))
    expect(error).toBeInstanceOf(QuireError)
    expect((error as Error).message).toMatch(/closed/)
    expect((error as Error).stack!.split("\n")[1]).toContain("lifecycle.test.ts")
    expect(await rejection(w.quire.users.count())).toBeInstanceOf(QuireError)
  })

  it("on SQLite: migrates on open, keeps data across close and reopen, every service family", async () => {
    const database = `sqlite:${join(dir, "q.db")}`
    const first = await world(database)
    const as = first.quire.as(first.ada)
    const cr = await as.changeRequests.create(first.space.id, {})
    await as.changeRequests.updateContent(first.space.id, cr.id, [{ operation: "insert_page", title: "Welcome", document: { markdown: "Hi" } }])
    await as.changeRequests.merge(first.space.id, cr.id)
    const team = await as.teams.create(first.org.id, { title: "Writers" })
    const collection = await as.collections.create(first.org.id, { title: "Guides" })
    const invite = await as.invites.create(first.org.id, { role: "read" })
    await first.quire.as(first.bob).invites.join(first.org.id, invite.id)
    await first.quire.close()
    await first.quire.close()

    const quire = await openQuire({ database, publicUrl: "https://docs.example.com" })
    try {
      const again = quire.as(first.ada.id)
      expect(await quire.users.count()).toBe(2)
      expect((await again.organizations.get(first.org.id)).title).toBe("Acme")
      expect((await again.spaces.get(first.space.id)).title).toBe("Handbook")
      expect((await again.content.pages(ContentScope.Space({ spaceId: first.space.id }))).map((p) => p.title)).toEqual(["Welcome"])
      expect((await again.changeRequests.get(first.space.id, cr.number)).status).toBe("merged")
      expect((await again.teams.get(first.org.id, team.id)).title).toBe("Writers")
      expect((await again.collections.get(collection.id)).title).toBe("Guides")
      expect((await again.members.list(first.org.id, {})).items).toHaveLength(2)
      expect((await again.links.links(ContentScope.Space({ spaceId: first.space.id }))).count).toBe(0)
      expect((await again.pdfExports.target(ContentScope.Space({ spaceId: first.space.id }))).space).toBe(first.space.id)
    } finally {
      await quire.close()
    }
  })

  it("a storage that does not open rejects openQuire with a QuireError 500", async () => {
    const error = await rejection(openQuire({ database: `sqlite:${dir}`, publicUrl: "https://x.example" }))
    expect(error).toBeInstanceOf(QuireError)
    expect((error as QuireError).status).toBe(500)
  })
})
