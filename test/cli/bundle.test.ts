/**
 * The bundled `quire` (`packages/cli/scripts/bundleCli.ts`, what `pnpm build` puts in
 * `dist/` and the package publishes) does what the sources do where a bundle could differ:
 * it finds its version, its two worker threads (markdown, PDF) and the packages left outside
 * it (better-sqlite3, piscina, pdfkit's fonts), serves the pages it makes on their first
 * request, and stops on SIGTERM.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleCli } from "../../packages/cli/scripts/bundleCli.js"
import { freePort } from "../e2e/support/server.js"

const cliPackage = resolve(import.meta.dirname, "../../packages/cli")
const run = promisify(execFile)

// A copy of the package's layout: the bundle reads `../package.json`, and imports the packages
// it leaves out from `node_modules` (here, the workspace's).
const installed = mkdtempSync(join(tmpdir(), "quire-bundle-"))
copyFileSync(join(cliPackage, "package.json"), join(installed, "package.json"))
symlinkSync(join(cliPackage, "node_modules"), join(installed, "node_modules"))
const out = join(installed, "dist")
mkdirSync(out)
const main = join(out, "main.js")
const data = join(installed, "data")
mkdirSync(data)
let server: ChildProcess | undefined
let exited: Promise<number | null> = Promise.resolve(null)
let output = ""

afterAll(async () => {
  if (server !== undefined && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL")
  await exited
  rmSync(installed, { recursive: true, force: true })
})

describe("the bundled quire", { timeout: 180_000 }, () => {
  let url: string
  let token: string
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, json: (await response.json()) as any }
  }

  beforeAll(async () => {
    await bundleCli(out)
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(data, "quire.db")}`, PORT: String(port), PUBLIC_URL: url }
    server = spawn(process.execPath, [main, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] })
    exited = new Promise((done) => server!.once("exit", (code) => done(code)))
    server.stdout!.on("data", (d) => (output += d))
    server.stderr!.on("data", (d) => (output += d))
    await new Promise<void>((done, fail) => {
      server!.stdout!.on("data", () => output.includes("Quire listening") && done())
      server!.once("exit", (code) => fail(new Error(`exited with ${code}:\n${output}`)))
    })
    token = /^\s+(quire_\S+)$/m.exec(output)![1]!
  }, 180_000)

  it("prints the package's version", async () => {
    const { stdout } = await run(process.execPath, [main, "--version"])
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(cliPackage, "package.json"), "utf8")).version)
  })

  it("reads markdown in its worker and writes a PDF in its worker", async () => {
    const org = (await api("POST", "/orgs", { title: "Acme" })).json.id
    const space = (await api("POST", `/orgs/${org}/spaces`, { title: "Handbook" })).json.id
    const changeRequest = (await api("POST", `/spaces/${space}/change-requests`, { subject: "Guide" })).json.id
    const written = await api("POST", `/spaces/${space}/change-requests/${changeRequest}/content`, {
      changes: [{ operation: "insert_page", title: "Guide", document: { markdown: "# Guide\n\nSee [the **list**](https://example.com)." } }]
    })
    expect(written.status).toBe(200)
    const page = (await api("GET", `/spaces/${space}/change-requests/${changeRequest}/content`)).json.pages[0]
    expect(page.title).toBe("Guide")

    const asked = await api("GET", `/spaces/${space}/change-requests/${changeRequest}/pdf`)
    expect(asked.status).toBe(200)
    const pdf = Buffer.from(await (await fetch(asked.json.url)).arrayBuffer())
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
  })

  it("serves the OpenAPI document and the reference page, which it makes on their first request", async () => {
    const document = await fetch(`${url}/v1/openapi.json`)
    expect(document.status).toBe(200)
    expect(((await document.json()) as { servers: Array<{ url: string }> }).servers).toEqual([{ url: `${url}/v1` }])
    const reference = await fetch(`${url}/v1/reference`)
    expect(reference.status).toBe(200)
    expect(reference.headers.get("content-type")).toMatch(/text\/html/)
    const page = await reference.text()
    expect(page).toContain("getApiInformation")
    expect(page.length).toBeGreaterThan(1_000_000) // Scalar's script, inline
  })

  it("stops on SIGTERM, exiting 0", async () => {
    server!.kill("SIGTERM")
    expect(await exited).toBe(0)
  })
})
