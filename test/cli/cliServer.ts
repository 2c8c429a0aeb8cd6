import { execFile, spawn } from "node:child_process"
import { join, resolve } from "node:path"
import { type RunningServer, startServer } from "../e2e/support/server.js"

const root = resolve(import.meta.dirname, "../..")

/** `quire serve` on a fresh SQLite file, with `env` added to its environment (over the e2e defaults). */
export const startServerWith = (env: Record<string, string>): Promise<RunningServer> => startServer({ env })

const tsx = join(root, "node_modules/.bin/tsx")
const main = join(root, "packages/cli/src/main.ts")

export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `quire <args>` with `env` (in `cwd`, if given), writing `stdin` to it; resolves with its exit code and output. */
export const runCli = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>, stdin = "", cwd?: string) =>
  new Promise<CliRun>((done) => {
    const child = execFile(tsx, [main, ...args], { env, cwd }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    )
    child.stdin!.end(stdin)
  })

export interface RunningCli {
  /** stdout and stderr so far, interleaved as they came. */
  readonly output: () => string
  /** Resolves once `output` contains `text`; rejects if the process exits first. */
  readonly waitFor: (text: string) => Promise<void>
  /** Sends `signal`; resolves with the exit code. */
  readonly stop: (signal: NodeJS.Signals) => Promise<number | null>
}

/**
 * Starts `quire <args>` with `env` and leaves it running (for `serve`). Node itself runs it,
 * with tsx as a loader, so that a signal reaches the program: the `tsx` command is a parent
 * process that relays signals, and gives the child 30 ms to take one before it kills it and
 * exits 128 + the signal's number, which a busy machine misses.
 */
export const spawnCli = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>): RunningCli => {
  const child = spawn(process.execPath, ["--import", "tsx", main, ...args], { env, cwd: root, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout.on("data", (d) => (output += d))
  child.stderr.on("data", (d) => (output += d))
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
  return {
    output: () => output,
    waitFor: (text) =>
      new Promise<void>((done, fail) => {
        const check = () => {
          if (!output.includes(text)) return
          child.stdout.off("data", check)
          child.stderr.off("data", check)
          done()
        }
        child.stdout.on("data", check)
        child.stderr.on("data", check)
        check()
        void exited.then((code) => fail(new Error(`exited with ${code} before printing "${text}":\n${output}`)))
      }),
    stop: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    }
  }
}

/** `GET /v1/user` with `token`. */
export const getUser = (server: RunningServer, token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/user`, { headers: { authorization: `Bearer ${token}`, ...headers } })
