import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeApp } from "../../examples/express/src/app.js"

describe("examples/express", () => {
  it("serves its routes through @quire/embed on SQLite, Quire's errors as their status", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quire-express-"))
    const { app, close } = await makeApp({ filename: join(dir, "express.db") })
    const server = app.listen(0, "127.0.0.1")
    try {
      await new Promise<void>((done) => server.once("listening", done))
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const post = (path: string, body: unknown, user?: string) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(user ? { "x-user-id": user } : {}) },
          body: JSON.stringify(body)
        })
      const ada = (await (await post("/users", { email: "ada@example.com", displayName: "Ada" })).json()) as { id: string }
      const bob = (await (await post("/users", { email: "bob@example.com", displayName: "Bob" })).json()) as { id: string }

      const created = await post("/organizations", { title: "Acme" }, ada.id)
      expect(created.status).toBe(201)
      const org = (await created.json()) as { id: string }
      const space = await post(`/organizations/${org.id}/spaces`, { title: "Handbook" }, ada.id)
      expect(space.status).toBe(201)
      const { id: spaceId } = (await space.json()) as { id: string }
      const read = await fetch(`${base}/spaces/${spaceId}`, { headers: { "x-user-id": ada.id } })
      expect(read.status).toBe(200)
      expect(((await read.json()) as { title: string }).title).toBe("Handbook")
      expect(await (await fetch(`${base}/organizations`, { headers: { "x-user-id": ada.id } })).json()).toEqual([
        { id: org.id, title: "Acme" }
      ])

      const invalid = await post(`/organizations/${org.id}/spaces`, { title: "x".repeat(60) }, ada.id)
      expect(invalid.status).toBe(400)
      expect(((await invalid.json()) as { error: { field: string } }).error.field).toBe("title")
      const hidden = await fetch(`${base}/spaces/${spaceId}`, { headers: { "x-user-id": bob.id } })
      expect(hidden.status).toBe(404)
      const nobody = await fetch(`${base}/spaces/${spaceId}`, { headers: { "x-user-id": "nobody" } })
      expect(nobody.status).toBe(404)
      const again = await post("/users", { email: "ada@example.com", displayName: "Ada" })
      expect(again.status).toBe(409)
    } finally {
      await new Promise<void>((done) => server.close(() => done()))
      await close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
