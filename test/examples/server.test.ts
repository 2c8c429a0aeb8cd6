import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { join, resolve } from "node:path"
import { freePort } from "../e2e/support/server.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"

const root = resolve(import.meta.dirname, "../..")
const available = await postgresAvailable()

describe.skipIf(!available)("examples/server", () => {
  it("starts on Postgres and answers GET /v1/", { timeout: 180_000 }, async () => {
    const scope = Effect.runSync(Scope.make())
    const url = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
    const port = await freePort()
    let child: ChildProcess | undefined
    let output = ""
    try {
      child = spawn(join(root, "node_modules/.bin/tsx"), [join(root, "examples/server/src/main.ts")], {
        env: { ...process.env, DATABASE_URL: url, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"]
      })
      child.stdout!.on("data", (d) => (output += d))
      child.stderr!.on("data", (d) => (output += d))
      let answer: Response | undefined
      const deadline = Date.now() + 120_000
      while (answer === undefined && Date.now() < deadline && child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 500))
        answer = await fetch(`http://127.0.0.1:${port}/v1/`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined)
      }
      expect(answer?.status, output).toBe(200)
      expect(((await answer!.json()) as { name: string }).name).toBe("quire")
      const unauthorized = await fetch(`http://127.0.0.1:${port}/v1/user`)
      expect(unauthorized.status).toBe(401)
    } finally {
      if (child && child.exitCode === null) {
        const exited = new Promise((done) => child!.once("exit", done))
        child.kill("SIGTERM")
        await exited
      }
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  })
})
