import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeApp } from "../../examples/embed/src/app.js"

describe("examples/embed", () => {
  it("serves its own routes from the embedded core on SQLite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quire-embed-"))
    const app = await makeApp({ filename: join(dir, "embedded.db") })
    try {
      await new Promise<void>((done) => app.server.listen(0, "127.0.0.1", done))
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      const created = await fetch(`${base}/organizations`, { method: "POST", body: JSON.stringify({ title: "Embedded Co" }) })
      expect(created.status).toBe(201)
      const organization = (await created.json()) as { id: string }
      const space = await fetch(`${base}/organizations/${organization.id}/spaces`, {
        method: "POST",
        body: JSON.stringify({ title: "Guide" })
      })
      expect(space.status).toBe(201)
      expect(((await space.json()) as { title: string }).title).toBe("Guide")
      const listed = (await (await fetch(`${base}/organizations`)).json()) as unknown
      expect(listed).toEqual([{ id: organization.id, title: "Embedded Co" }])
      const invalid = await fetch(`${base}/organizations`, { method: "POST", body: JSON.stringify({ title: "x" }) })
      expect(invalid.status).toBe(400)
      expect(((await invalid.json()) as { error: string }).error).toMatch(/title/)
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
