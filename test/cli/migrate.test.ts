import { migrations } from "@quire/storage-sql"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../e2e/support/server.js"
import { runCli, spawnCli } from "./cliServer.js"

const dir = mkdtempSync(join(tmpdir(), "quire-migrate-"))

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const applied = Object.keys(migrations).map((key) => `applied ${key}`)

describe("quire migrate", () => {
  it("lists the migrations it applied to a fresh SQLite file, then says the database is up to date", async () => {
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, "fresh.db")}` }
    const first = await runCli(env, ["migrate"])
    expect(first).toMatchObject({ code: 0, stderr: "" })
    expect(first.stdout.trim().split("\n")).toEqual(applied)
    expect(applied).toContain("applied 0003_write_lock")

    const second = await runCli(env, ["migrate"])
    expect(second).toEqual({ code: 0, stdout: "database is up to date\n", stderr: "" })
  })
})

const serve = (port: number) =>
  spawnCli({ ...process.env, DATABASE_URL: `sqlite:${join(dir, "serve.db")}`, HOST: "127.0.0.1", PORT: String(port) }, [
    "serve"
  ])

describe("quire serve", () => {
  it("logs the migrations it applied, and on SIGTERM one line, then exits 0 once closed", async () => {
    const server = serve(await freePort())
    try {
      await server.waitFor("Quire listening")
      expect(server.output()).toContain(applied.join("\n"))
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0)
    }
    const lines = server.output().trimEnd().split("\n")
    expect(lines.filter((line) => line.startsWith("quire: "))).toEqual(["quire: shutting down (SIGTERM)"])
    expect(lines.at(-1)).toBe("quire: shutting down (SIGTERM)")
  })

  it("on SIGINT likewise", async () => {
    const server = serve(await freePort())
    await server.waitFor("Quire listening")
    expect(server.output()).toContain("database is up to date")
    expect(await server.stop("SIGINT")).toBe(0)
    expect(server.output()).toContain("quire: shutting down (SIGINT)\n")
  })
})
