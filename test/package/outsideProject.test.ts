/**
 * Quire as a user outside this repository gets it: every package packed, installed from the
 * tarballs into a new project (with npm, and with pnpm), an embedding program type-checked
 * with a strict tsconfig and no `skipLibCheck`, run with plain `node`, and the `quire` binary
 * run with plain `node`. Slow (it installs effect and builds better-sqlite3): minutes.
 */
import { describe, expect, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const consumer = join(import.meta.dirname, "consumer")
const PACKAGES = [
  "packages/core",
  "adapters/memory",
  "adapters/sql",
  "adapters/sqlite",
  "adapters/postgres",
  "adapters/http",
  "packages/cli"
]
const TOOLS = ["typescript@5.9.3", "@types/node@20.19.25"]

const run = (cwd: string, command: string, args: ReadonlyArray<string>) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "true" } })

let work: string
/** Package name → tarball path. */
const tarballs = new Map<string, string>()

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "quire-outside-"))
  const packs = join(work, "packs")
  mkdirSync(packs)
  for (const dir of PACKAGES) {
    const name = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).name as string
    run(join(root, dir), "pnpm", ["pack", "--pack-destination", packs])
    const file = readdirSync(packs).find((f) => f.startsWith(name.replace("@", "").replace("/", "-")))
    if (file === undefined) throw new Error(`no tarball for ${name}`)
    tarballs.set(name, join(packs, file))
  }
}, 300_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A new project whose every `@quire/*` comes from the tarballs, also where one package needs another. */
const newProject = (manager: "npm" | "pnpm") => {
  const dir = join(work, manager)
  mkdirSync(dir)
  const local = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]))
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: `consumer-${manager}`,
      private: true,
      type: "module",
      dependencies: local,
      overrides: local,
      pnpm: { overrides: local, onlyBuiltDependencies: ["better-sqlite3"] }
    })
  )
  copyFileSync(join(consumer, "embed.ts"), join(dir, "embed.ts"))
  copyFileSync(join(consumer, "tsconfig.json"), join(dir, "tsconfig.json"))
  return dir
}

const consumerContract = (manager: "npm" | "pnpm", install: (dir: string) => void) =>
  describe(`installed with ${manager} outside the workspace`, () => {
    let dir: string
    beforeAll(() => {
      dir = newProject(manager)
      install(dir)
    }, 600_000)

    it("type-checks an embedding program strictly, without skipLibCheck", () => {
      const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"))
      expect(config.compilerOptions.strict).toBe(true)
      expect(config.compilerOptions.skipLibCheck).toBeUndefined()
      run(dir, join(dir, "node_modules/.bin/tsc"), ["-p", "."])
    }, 120_000)

    it("runs it with plain node: a space with merged content", () => {
      mkdirSync(join(dir, "data"), { recursive: true })
      const output = run(dir, process.execPath, ["out/embed.js"])
      expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({ space: "Handbook", pages: ["Welcome"] })
    }, 120_000)

    it("runs the quire binary with plain node", () => {
      const quire = join(dir, "node_modules/.bin/quire")
      expect(readFileSync(quire, "utf8").startsWith("#!/usr/bin/env node")).toBe(true)
      expect(run(dir, quire, ["--version"]).trim()).toContain("0.1.0")
      expect(run(dir, quire, ["--help"])).toContain("serve")
    }, 60_000)
  })

consumerContract("npm", (dir) => run(dir, "npm", ["install", "--no-audit", "--no-fund", "--allow-scripts=better-sqlite3", ...TOOLS]))
consumerContract("pnpm", (dir) => run(dir, "pnpm", ["add", "--config.auto-install-peers=true", ...TOOLS]))

describe("the README's embedding example", () => {
  it("is the program the outside projects run", () => {
    const program = readFileSync(join(consumer, "embed.ts"), "utf8")
    const example = program.slice(program.indexOf("// README:begin\n") + 16, program.indexOf("// README:end"))
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(example)
  })
})
