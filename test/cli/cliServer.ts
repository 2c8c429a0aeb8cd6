import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { type RunningServer, startServer } from "../e2e/support/server.js"

const root = resolve(import.meta.dirname, "../..")

/** `quire serve` on a fresh SQLite file, with `env` added to its environment (over the e2e defaults). */
export const startServerWith = (env: Record<string, string>): Promise<RunningServer> => startServer({ env })

/** Runs `quire <args>` with `env`, writing `stdin` to it; resolves with its exit code and output. */
export const runCli = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>, stdin = "") =>
  new Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }>((done) => {
    const child = execFile(
      join(root, "node_modules/.bin/tsx"),
      [join(root, "packages/cli/src/main.ts"), ...args],
      { env },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    )
    child.stdin!.end(stdin)
  })

/** `GET /v1/user` with `token`. */
export const getUser = (server: RunningServer, token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/user`, { headers: { authorization: `Bearer ${token}`, ...headers } })
