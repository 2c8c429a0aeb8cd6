import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../e2e/support/server.js"
import { POSTGRES_ADMIN_URL, postgresAvailable } from "../support/postgres.js"
import { runCli } from "./cliServer.js"

const postgres = await postgresAvailable()
const admin = new URL(POSTGRES_ADMIN_URL)
const at = `${admin.hostname}:${admin.port || "5432"}`

/** The test server's URL with `user` and `database` instead. */
const postgresUrl = (user: string, database: string) => {
  const url = new URL(POSTGRES_ADMIN_URL)
  url.username = user
  url.pathname = `/${database}`
  return url.toString()
}

const dir = mkdtempSync(join(tmpdir(), "quire-failures-"))
const aFile = join(dir, "a-file")
writeFileSync(aFile, "not a folder\n")
const sqliteUnderAFile = join(aFile, "x.db")

let taken: Server | undefined

afterAll(async () => {
  await new Promise((done) => (taken ? taken.close(done) : done(undefined)))
  rmSync(dir, { recursive: true, force: true })
})

const quire = (databaseUrl: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  runCli({ ...process.env, ...env, DATABASE_URL: databaseUrl }, args)

/** Exit 1, and on stderr that one line alone: no stack trace, no usage. */
const failsWith = async (run: ReturnType<typeof quire>, line: string | RegExp) => {
  const { code, stderr } = await run
  expect(stderr.endsWith("\n")).toBe(true)
  expect(stderr.trimEnd().split("\n")).toHaveLength(1)
  if (typeof line === "string") expect(stderr.trimEnd()).toBe(line)
  else expect(stderr.trimEnd()).toMatch(line)
  expect(code).toBe(1)
}

describe("a command that cannot start prints the cause in one line and exits 1", () => {
  it.skipIf(!postgres)("a Postgres database that does not exist, and a user the server does not know", async () => {
    await Promise.all([
      failsWith(
        quire(postgresUrl(admin.username, "quire_no_such_database"), ["migrate"]),
        `quire: cannot connect to Postgres at ${at}: database "quire_no_such_database" does not exist`
      ),
      failsWith(
        quire(postgresUrl("quire_no_such_user", "postgres"), ["users", "create", "--email", "a@b.test", "--name", "A"]),
        new RegExp(
          `^quire: cannot connect to Postgres at ${at}: ` +
            `(role "quire_no_such_user" does not exist|password authentication failed for user "quire_no_such_user")$`
        )
      )
    ])
  })

  it("a Postgres port with nothing listening", async () => {
    const port = await freePort()
    await failsWith(
      quire(`postgres://postgres@127.0.0.1:${port}/postgres`, ["serve"]),
      `quire: cannot connect to Postgres at 127.0.0.1:${port}: connection refused (ECONNREFUSED)`
    )
  })

  it("a SQLite path under a regular file", async () => {
    await failsWith(
      quire(`sqlite:${sqliteUnderAFile}`, ["migrate"]),
      `quire: cannot open the SQLite database ${sqliteUnderAFile}: ENOTDIR: not a directory, open '${sqliteUnderAFile}'`
    )
  })

  it("serve on a port already taken", async () => {
    const port = await freePort()
    taken = createServer()
    await new Promise<void>((done) => taken!.listen(port, "127.0.0.1", done))
    const run = quire(`sqlite:${join(dir, "taken.db")}`, ["serve"], { HOST: "127.0.0.1", PORT: String(port) })
    await failsWith(
      run,
      `quire: cannot listen on 127.0.0.1:${port}: address already in use (EADDRINUSE); set PORT to a free port`
    )
    // It migrated before trying to listen.
    expect((await run).stdout).toContain("applied 0001_foundation")
  })

  it("a bad setting in the environment", async () => {
    await Promise.all([
      failsWith(quire("mysql://x", ["migrate"]), /^quire: DATABASE_URL "mysql:\/\/x" is not understood/),
      failsWith(quire(`sqlite:${join(dir, "env.db")}`, ["serve"], { PORT: "http" }), /^quire: PORT: .*"http"/),
      failsWith(
        quire(`sqlite:${join(dir, "env.db")}`, ["serve"], { TOKEN_REQUESTS_PER_MINUTE: "-1" }),
        "quire: TOKEN_REQUESTS_PER_MINUTE must be a whole number, 0 or more (0: no limit)"
      ),
      failsWith(
        quire(`sqlite:${join(dir, "env.db")}`, ["serve"], { MARKDOWN_THREADS: "0" }),
        "quire: MARKDOWN_THREADS must be a whole number of threads, from 1 to 16"
      )
    ])
  })
})

describe("--verbose", () => {
  it("prints the whole cause, before or after the command", async () => {
    const [before, after] = await Promise.all([
      quire(`sqlite:${sqliteUnderAFile}`, ["--verbose", "migrate"]),
      quire(`sqlite:${sqliteUnderAFile}`, ["migrate", "--verbose"])
    ])
    for (const run of [before, after]) {
      expect(run.code).toBe(1)
      expect(run.stderr.trim().split("\n").length).toBeGreaterThan(1)
      expect(run.stderr).toContain("DatabaseUnavailable: cannot open the SQLite database")
      expect(run.stderr).toMatch(/\[cause\]: Error: ENOTDIR/)
    }
  })

  it.skipIf(!postgres)("down to the Postgres error under the SqlError", async () => {
    const run = await quire(postgresUrl(admin.username, "quire_no_such_database"), ["--verbose", "migrate"])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("SqlError: PgClient: Failed to connect")
    expect(run.stderr).toContain(`database "quire_no_such_database" does not exist`)
    expect(run.stderr).toContain("3D000")
  })
})
