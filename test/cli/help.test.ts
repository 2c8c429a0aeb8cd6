import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "./cliServer.js"

const version = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, "../../packages/cli/package.json"), "utf8")) as {
    version: string
  }
).version

const root = resolve(import.meta.dirname, "../..")
const tsx = join(root, "node_modules/.bin/tsx")
const main = join(root, "packages/cli/src/main.ts")

const dir = mkdtempSync(join(tmpdir(), "quire-help-"))
const database = join(dir, "x.db")

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** Runs in the empty temp folder, so that a default `./data/quire.db` would show there too. */
const quire = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = { DATABASE_URL: `sqlite:${database}` }) =>
  runCli({ ...process.env, ...env }, args, "", dir)

const commands = [
  [],
  ["serve"],
  ["migrate"],
  ["users"],
  ["users", "create"],
  ["tokens"],
  ["tokens", "create"],
  ["tokens", "revoke"]
]

describe("quire --help", () => {
  it.each(commands.map((command) => [command.join(" ") || "(the program)", command] as const))(
    "%s: -h and --help print help and exit 0",
    async (_, command) => {
      const runs = await Promise.all([quire([...command, "--help"]), quire([...command, "-h"])])
      for (const run of runs) {
        expect(run).toMatchObject({ code: 0, stderr: "" })
        expect(run.stdout).toContain("USAGE")
        expect(run.stdout).toContain("DATABASE_URL")
        // Not a terminal: no colour codes.
        expect(run.stdout).not.toContain("\u001b[")
        // Only the options' own descriptions, not @effect/cli's blurb for their type.
        expect(run.stdout).not.toContain("A user-defined piece of text")
        expect(run.stdout).not.toContain("A true or false value")
      }
      if (command.length === 0) {
        for (const listed of ["serve", "migrate", "users create", "tokens create", "tokens revoke"]) {
          expect(runs[0]!.stdout).toContain(`- ${listed}`)
        }
      }
    }
  )

  it("...and touch nothing: no database file, no folder", () => {
    expect(existsSync(database)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })

  it("neither creates the default ./data/quire.db with DATABASE_URL unset", async () => {
    const env = { ...process.env }
    delete env.DATABASE_URL
    const runs = await Promise.all([["serve", "--help"], ["migrate", "-h"], ["--version"]].map((args) => runCli(env, args, "", dir)))
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0])
    expect(readdirSync(dir)).toEqual([])
  })

  it("--version prints the cli package's version and exits 0", async () => {
    const run = await quire(["--version"])
    expect(version).toBe("0.1.0")
    expect(run).toMatchObject({ code: 0, stderr: "" })
    expect(run.stdout.trim()).toBe(version)
  })

  it.each([[["--wizard"]], [["users", "create", "--wizard"]]])(
    "%j without a terminal on stdin is refused, exit 1, instead of waiting for answers",
    async (args) => {
      // A kill long after any answer: a wizard waiting on stdin would be killed and fail the test.
      const run = await new Promise<{ code: number | string | null | undefined; stderr: string }>((done) => {
        const child = execFile(tsx, [main, ...args], { env: { ...process.env, DATABASE_URL: `sqlite:${database}` }, cwd: dir, timeout: 60_000 }, (error, _, stderr) =>
          done({ code: error ? (error.killed ? "killed" : error.code) : 0, stderr })
        )
        child.stdin!.end()
      })
      expect(run.code).toBe(1)
      expect(run.stderr).toBe(
        "quire: --wizard asks its questions on a terminal, and stdin is not one: give the command and its options instead (quire --help lists them)\n"
      )
    },
    90_000
  )

  it("an unknown command, an unknown option or a missing one exits 1 and says which", async () => {
    const [unknownCommand, unknownOption, missingOption] = await Promise.all([
      quire(["frobnicate"]),
      quire(["serve", "--bogus"]),
      quire(["users", "create", "--email", "ada@example.com"])
    ])
    expect(unknownCommand.code).toBe(1)
    expect(unknownCommand.stderr).toMatch(/Invalid subcommand for quire - use one of 'serve', 'migrate', 'users', 'tokens'/)
    expect(unknownOption.code).toBe(1)
    expect(unknownOption.stderr).toMatch(/unknown argument: '--bogus'/)
    expect(missingOption.code).toBe(1)
    expect(missingOption.stderr).toMatch(/--name/)
    expect(existsSync(database)).toBe(false)
  })
})
