import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"

const root = resolve(import.meta.dirname, "../../..")
const main = join(root, "packages/cli/src/main.ts")
const tsx = join(root, "node_modules/.bin/tsx")

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address ? address.port : 0))
    })
  })

export interface RunningServer {
  readonly url: string
  /** The process started (tsx, whose child is the server). */
  readonly pid: number
  readonly env: NodeJS.ProcessEnv
  readonly output: () => string
  /** Runs `quire <args>` against the same database; resolves with stdout. */
  readonly cli: (...args: Array<string>) => Promise<string>
  readonly stop: () => Promise<void>
}

/**
 * Starts the real `quire serve` in a child process on a fresh SQLite file (or `databaseUrl`),
 * with `env` over this process's environment (never by changing `process.env`, which servers
 * started at once would share).
 */
export const startServer = async (
  options: {
    readonly databaseUrl?: string
    readonly env?: Readonly<Record<string, string>>
    /** The program to run instead of `quire serve` (a test's own server entry). */
    readonly entry?: string
  } = {}
): Promise<RunningServer> => {
  const dir = mkdtempSync(join(tmpdir(), "quire-e2e-"))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    // Suites send more requests per token, and more unknown tokens, than a client would; the
    // limits have tests of their own (test/http/rateLimit, test/cli/serve), which set these.
    AUTH_FAILURES_PER_MINUTE: "0",
    TOKEN_REQUESTS_PER_MINUTE: "0",
    ...process.env,
    ...options.env,
    DATABASE_URL: options.databaseUrl ?? `sqlite:${join(dir, "quire.db")}`,
    PORT: String(port),
    // A test may name another (two processes behind one public URL); requests still go to `url`.
    PUBLIC_URL: options.env?.PUBLIC_URL ?? url
  }
  // Node itself runs the server, with tsx as a loader: the `tsx` command is a parent process that
  // relays a signal and gives the child 2 x 30 ms to acknowledge it before it kills the child
  // with SIGKILL, which a loaded machine misses (the request log's last lines were lost so).
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", options.entry ?? main, "serve"], { env, cwd: root, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  // `close`, not `exit`: the child may have exited with its last output still in the pipes.
  const closed = new Promise<void>((done) => child.once("close", () => done()))
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes("Quire listening")) {
        clearTimeout(timer)
        done()
      }
    }
    child.stdout!.on("data", check)
    child.once("exit", (code) => {
      clearTimeout(timer)
      fail(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  const run = promisify(execFile)
  return {
    url,
    pid: child.pid!,
    env,
    output: () => output,
    cli: async (...args) => (await run(tsx, [main, ...args], { env })).stdout,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await closed
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
