import { describe, expect, it } from "vitest"
import { raceBackends, twoServers } from "./support/twoServers.js"

/**
 * The reader behind two server processes on one database: a page one process has answered (and
 * holds, for its fast lane) is answered anew once a merge through the other process commits.
 * SQLite: at the very next request (the file's data version moved). Postgres: as soon as the
 * notification of the commit arrives (docs/api-notes/reader.md), here within a second.
 */
for (const backend of raceBackends) {
  describe(`the reader across two processes (${backend.name})`, () => {
    const world = twoServers(backend)

    it.skipIf(world.skip)("a merge through one process is read through the other", async () => {
      const [a, b] = world.servers
      const api = world.through(0)
      const space = (await api.orgs.createSpace(world.acme, { title: "Guides" })).data.id
      const edit = async (markdown: string) => {
        const cr = (await api.spaces.createChangeRequest(space, { subject: "Edit" })).data.id
        await api.spaces.updateChangeRequestContent(space, cr, {
          changes: [{ operation: "insert_page", title: "Welcome", document: { markdown } }]
        } as any, { compat: false })
        expect((await api.spaces.mergeChangeRequest(space, cr)).data.result).toBe("merge")
      }
      await edit("Version one.")
      const site = (await api.orgs.createSite(world.acme, { title: "Docs", spaces: [space] } as any)).data.id
      await api.orgs.publishSite(world.acme, site)
      const onB = `${b!.url}/sites/${world.acme}/docs`
      const read = async () => (await (await fetch(onB)).text())
      // Answered twice on b: the second from what it holds.
      expect(await read()).toContain("Version one.")
      expect(await read()).toContain("Version one.")
      const pages = (await api.spaces.listPages(space)).data.pages
      const cr = (await api.spaces.createChangeRequest(space, { subject: "Two" })).data.id
      await api.spaces.updateChangeRequestContent(space, cr, {
        changes: [{ operation: "update_page", page: pages[0]!.id, document: { markdown: "# Welcome\n\nVersion two." } }]
      } as any, { compat: false })
      await api.spaces.mergeChangeRequest(space, cr)
      expect(a!.url).not.toBe(b!.url)
      const started = Date.now()
      let text = await read()
      while (!text.includes("Version two.") && Date.now() - started < 1000) text = await read()
      expect(text).toContain("Version two.")
      if (backend.name === "SQLite") expect(Date.now() - started).toBeLessThan(200)
      // Unpublished through a: b stops serving it.
      await api.orgs.unpublishSite(world.acme, site)
      const stopped = Date.now()
      let status = (await fetch(onB)).status
      while (status !== 404 && Date.now() - stopped < 1000) status = (await fetch(onB)).status
      expect(status).toBe(404)
    })
  })
}
