/**
 * Quire as a user outside this repository gets it: every package packed, installed from the
 * tarballs into a new project (with npm, and with pnpm), an embedding program type-checked
 * with a strict tsconfig and no `skipLibCheck`, run with plain `node`, and the `quire` binary
 * run with plain `node`. Slow (it installs effect and builds better-sqlite3): minutes.
 */
import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
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
  "packages/embed",
  "packages/cli",
  "packages/testing"
]
const TOOLS = { typescript: "5.9.3", "@types/node": "20.19.25" }

/** Runs a command to its end without blocking the test worker; a failure carries its stderr. */
const run = async (cwd: string, command: string, args: ReadonlyArray<string>) => {
  try {
    const { stdout } = await promisify(execFile)(command, [...args], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CI: "true" }
    })
    return stdout
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${command} ${args.join(" ")} failed:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`)
  }
}

let work: string
/** Package name → tarball path. */
const tarballs = new Map<string, string>()
/**
 * The peers the packages declare (effect and @effect/*), at the versions this repository is
 * tested with: a user installs them beside Quire, as the README says.
 */
const peers: Record<string, string> = {}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "quire-outside-"))
  const packs = join(work, "packs")
  mkdirSync(packs)
  for (const dir of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"))
    const name = manifest.name as string
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) peers[peer] = manifest.devDependencies[peer]
    await run(join(root, dir), "pnpm", ["pack", "--pack-destination", packs])
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
      dependencies: { ...local, ...peers, ...TOOLS },
      overrides: local,
      allowScripts: { "better-sqlite3": true },
      pnpm: { overrides: local, onlyBuiltDependencies: ["better-sqlite3"] }
    })
  )
  copyFileSync(join(consumer, "embed.ts"), join(dir, "embed.ts"))
  copyFileSync(join(consumer, "kit.ts"), join(dir, "kit.ts"))
  // The @quire/embed script: type-checked as .ts, run as .mjs (the same text).
  copyFileSync(join(consumer, "facade.ts"), join(dir, "facade.ts"))
  copyFileSync(join(consumer, "facade.ts"), join(dir, "facade.mjs"))
  copyFileSync(join(consumer, "tsconfig.json"), join(dir, "tsconfig.json"))
  return dir
}

const consumerContract = (manager: "npm" | "pnpm", install: (dir: string) => Promise<unknown>) =>
  describe(`installed with ${manager} outside the workspace`, () => {
    let dir: string
    beforeAll(async () => {
      dir = newProject(manager)
      await install(dir)
    }, 600_000)

    it("type-checks an embedding program strictly, without skipLibCheck", async () => {
      const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"))
      expect(config.compilerOptions.strict).toBe(true)
      expect(config.compilerOptions.skipLibCheck).toBeUndefined()
      await run(dir, join(dir, "node_modules/.bin/tsc"), ["-p", "."])
    }, 120_000)

    it("runs it with plain node, twice on one database (as a reader reruns it): a space with merged content", async () => {
      mkdirSync(join(dir, "data"), { recursive: true })
      for (const _ of ["first run", "second run"]) {
        const output = await run(dir, process.execPath, ["out/embed.js"])
        expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({ space: "Handbook", pages: ["Welcome"] })
      }
    }, 240_000)

    it("runs a property with the test kit, with plain node", async () => {
      const output = await run(dir, process.execPath, ["out/kit.js"])
      expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({ property: "held" })
    }, 120_000)

    it("runs the @quire/embed script with plain node: Promises, error classes with their status", async () => {
      const output = await run(dir, process.execPath, ["facade.mjs"])
      expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({
        space: "Handbook",
        invalid: ["InvalidInputError", "title", 400],
        hidden: ["NotFoundError", 404]
      })
    }, 120_000)

    it("runs the quire binary with plain node", async () => {
      const cli = join(dir, "node_modules/@quire/cli")
      const bin = JSON.parse(readFileSync(join(cli, "package.json"), "utf8")).bin.quire as string
      expect(bin.endsWith(".js")).toBe(true)
      expect(readFileSync(join(cli, bin), "utf8").startsWith("#!/usr/bin/env node")).toBe(true)
      const quire = join(dir, "node_modules/.bin/quire")
      expect((await run(dir, quire, ["--version"])).trim()).toContain("0.1.0")
      expect(await run(dir, quire, ["--help"])).toContain("serve")
    }, 60_000)
  })

consumerContract("npm", (dir) => run(dir, "npm", ["install", "--no-audit", "--no-fund"]))
consumerContract("pnpm", (dir) => run(dir, "pnpm", ["install", "--no-frozen-lockfile"]))

describe("docs/embedding.md's examples", () => {
  it.each(["embed.ts", "facade.ts"])("%s: is the program the outside projects run", (file) => {
    const program = readFileSync(join(consumer, file), "utf8")
    const example = program.slice(program.indexOf("// README:begin\n") + 16, program.indexOf("// README:end"))
    expect(readFileSync(join(root, "docs/embedding.md"), "utf8")).toContain(example)
  })
})
