import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { cliAnswer } from "../../packages/cli/scripts/cliAnswer.js"
import { commandHelp as generate } from "../../packages/cli/scripts/commandHelp.js"
import { commandHelp } from "../../packages/cli/src/generated/helpText.js"
import { quickAnswer } from "../../packages/cli/src/quickAnswer.js"
import { runCli } from "./cliServer.js"

// biome-ignore lint/suspicious/noControlCharactersInRegex: the help's colour codes
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "")

const dir = mkdtempSync(join(tmpdir(), "quire-quick-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const quire = (args: ReadonlyArray<string>) =>
  runCli({ ...process.env, DATABASE_URL: `sqlite:${join(dir, "x.db")}`, NO_COLOR: "1" }, args, "", dir)

/** Every argument list `quickAnswer` answers: each command's -h, --help and --version, and the bare groups. */
const quickShapes: ReadonlyArray<ReadonlyArray<string>> = commandHelp.flatMap(({ path, whenBare }) => [
  [...path, "--help"],
  [...path, "-h"],
  [...path, "--version"],
  ...(whenBare ? [path] : [])
])

describe("quire's quick answers (help and --version without Effect)", () => {
  it("the generated help is @effect/cli's today (else: pnpm build, and commit src/generated/helpText.ts)", async () => {
    const today = await generate()
    expect(commandHelp).toEqual(today)
    expect(today.map(({ path }) => path.join(" "))).toEqual([
      "",
      "serve",
      "migrate",
      "users",
      "users create",
      "tokens",
      "tokens create",
      "tokens revoke"
    ])
    expect(today.filter(({ whenBare }) => whenBare).map(({ path }) => path.join(" "))).toEqual(["", "users", "tokens"])
  })

  it.each(quickShapes.map((args) => [args.join(" ") || "(no arguments)", args] as const))(
    "%s: the same text as @effect/cli, colours included",
    async (_, args) => {
      const cli = await cliAnswer(args)
      expect(cli).toMatchObject({ succeeded: true, stderr: "" })
      expect(quickAnswer(args)).toBe(cli.stdout)
    }
  )

  it("anything else is @effect/cli's to answer", () => {
    for (const args of [
      ["serve"],
      ["migrate"],
      ["frobnicate"],
      ["frobnicate", "--help"],
      ["--help", "serve"],
      ["--verbose", "--help"],
      ["serve", "--help", "--verbose"],
      ["users create", "--help"],
      ["--version", "--version"],
      ["--completions", "bash"],
      ["--wizard"]
    ]) {
      expect(quickAnswer(args), args.join(" ")).toBeUndefined()
    }
  })

  it("the program prints them without colours into a pipe, and exits 0", async () => {
    const shapes = [["--help"], ["serve", "-h"], ["tokens"], ["--version"], ["users", "create", "--version"]]
    const runs = await Promise.all(shapes.map(quire))
    for (const [i, run] of runs.entries()) {
      expect(run).toMatchObject({ code: 0, stderr: "", stdout: plain(quickAnswer(shapes[i]!)!) })
    }
    expect(runs[0]!.stdout).toContain("USAGE")
    expect(runs[3]!.stdout).toBe("0.1.0\n\n")
  })

  it("a usage error still goes through @effect/cli: its message, exit 1", async () => {
    const [run, cli] = await Promise.all([quire(["frobnicate"]), cliAnswer(["frobnicate"])])
    expect(cli.succeeded).toBe(false)
    expect(cli.stderr).toContain("Invalid subcommand for quire")
    expect(run).toMatchObject({ code: 1, stdout: "", stderr: plain(cli.stderr) })
  })
})
