/**
 * A server started as the README says (`pnpm start`, or an example's `pnpm start`) stops when
 * the process that was started is told to: a process manager or a container signals pnpm's PID,
 * and the server must get that signal and shut down, not keep serving re-parented to PID 1.
 */
import { execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../e2e/support/server.js"

const root = resolve(import.meta.dirname, "../..")
const folder = mkdtempSync(join(tmpdir(), "quire-start-signal-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** The status `url` answers with, or undefined when nothing answers within 2 s (a fresh connection each time). */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000), headers: { connection: "close" } }).then(
    (response) => response.status,
    () => undefined
  )

const waitUntil = async (what: string, check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The PIDs below `pid`, all generations. */
const descendants = (pid: number): Array<number> => {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const out: Array<number> = []
  const walk = (parent: number) => {
    for (const [child, of] of table) {
      if (of !== parent) continue
      out.push(child)
      walk(child)
    }
  }
  walk(pid)
  return out
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const startedAsANewcomer = (name: string, cwd: string, env: Record<string, string>, path: string) =>
  it(`${name}: SIGTERM to pnpm's PID stops the server`, async () => {
    const port = await freePort()
    const child = spawn("pnpm", ["start"], { cwd, env: { ...process.env, ...env, PORT: String(port) }, stdio: "ignore" })
    const url = `http://127.0.0.1:${port}${path}`
    // tsx compiles the server from source as it starts: slow on a loaded machine.
    await waitUntil("the server to answer", async () => (await answers(url)) !== undefined, 180_000)
    const below = descendants(child.pid!)
    expect(below.length).toBeGreaterThan(0)
    process.kill(child.pid!, "SIGTERM")
    await waitUntil("the port to close", async () => (await answers(url)) === undefined, 30_000)
    await waitUntil("every process it started to end", async () => below.every((pid) => !alive(pid)), 30_000)
  }, 300_000)

describe("a server started with pnpm start", () => {
  startedAsANewcomer("quire (the README's quick start)", root, { DATABASE_URL: `sqlite:${join(folder, "quire.db")}` }, "/v1/openapi.json")
  startedAsANewcomer("examples/express", join(root, "examples/express"), { QUIRE_SQLITE: join(folder, "express.db") }, "/")
})
