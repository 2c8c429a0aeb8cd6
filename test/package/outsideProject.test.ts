/**
 * Quire as a user outside this repository gets it. README.md's install commands, run word for
 * word (`sh -e`, with `QUIRE` set to this checkout): `pnpm pack:all`, then one new npm project
 * per storage (SQLite, Postgres, memory) and one for `@quire/embed`, each running a program with
 * plain `node` after a strict type-check (no `skipLibCheck`). A pnpm project installs every
 * package from the same tarballs (overrides: the README gives no pnpm commands) and also runs
 * the test kit and the `quire` binary. Slow (it installs effect and builds better-sqlite3): minutes.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import { execFile } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { installBlocks, pinnedOf, tarballsOf } from "./installBlocks.js"

const root = resolve(import.meta.dirname, "../..")
const consumer = join(import.meta.dirname, "consumer")
const packs = join(root, "packs")
const readme = installBlocks(readFileSync(join(root, "README.md"), "utf8"))
const PUBLISHED = [
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
const manifests = new Map(
  PUBLISHED.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"))
    return [manifest.name as string, manifest] as const
  })
)
const tarballOf = (name: string) => `${name.replace("@", "").replace("/", "-")}.tgz`
const postgres = await postgresAvailable()
/** How long a project's tests wait for its install: better-sqlite3 compiles for minutes on a busy machine. */
const INSTALL_TIMEOUT = 1_500_000
/** A strict type-check of effect's declarations alone takes half a minute on two idle cores. */
const CHECK_TIMEOUT = 600_000

/** Runs a command to its end without blocking the test worker; a failure carries its output. */
const run = async (cwd: string, command: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
  try {
    const { stdout } = await promisify(execFile)(command, [...args], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CI: "true", ...env }
    })
    return stdout
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${command} ${args.join(" ")} failed:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`)
  }
}

/** A README block, as is, in `dir`; only `QUIRE` comes from here. */
const runBlock = (dir: string, name: string) => {
  const block = readme.get(name)
  if (block === undefined) throw new Error(`README.md has no block marked <!-- install:${name} -->`)
  return run(dir, "sh", ["-e", "-c", block], { QUIRE: root })
}

const lastLine = (output: string) => JSON.parse(output.trim().split("\n").at(-1)!)

/** A strict tsconfig (the consumer's) for the programs of one project; tsc and @types/node are this workspace's. */
const typeCheck = async (dir: string, programs: ReadonlyArray<string>) => {
  const config = JSON.parse(readFileSync(join(consumer, "tsconfig.json"), "utf8"))
  expect(config.compilerOptions.strict).toBe(true)
  expect(config.compilerOptions.skipLibCheck).toBeUndefined()
  config.include = programs
  config.compilerOptions.typeRoots = [join(root, "node_modules/@types")]
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config))
  await run(dir, join(root, "node_modules/.bin/tsc"), ["-p", "."])
}

/** The versions of better-sqlite3 in a project's tree. */
const betterSqliteVersions = async (dir: string) =>
  new Set([...(await run(dir, "npm", ["ls", "better-sqlite3", "--all"])).matchAll(/better-sqlite3@(\S+)/g)].map((m) => m[1]))

let work: string
/** Each project's install, started together once the packages are packed (two cores: builds overlap). */
const installs = new Map<string, Promise<string>>()

const readmeProject = async (name: string) => {
  const dir = join(work, name)
  mkdirSync(dir)
  await runBlock(dir, "project")
  await runBlock(dir, name)
  return dir
}

const lockedBetterSqlite = JSON.parse(readFileSync(join(root, "test/package.json"), "utf8")).dependencies["better-sqlite3"] as string

/** Every `@quire/*` from the tarballs, also where one package needs another. */
const pnpmProject = async () => {
  const dir = join(work, "pnpm")
  mkdirSync(dir)
  const local = Object.fromEntries([...manifests.keys()].map((name) => [name, `file:${join(packs, tarballOf(name))}`]))
  const peers = Object.fromEntries(
    [...manifests.values()].flatMap((manifest) =>
      Object.keys(manifest.peerDependencies ?? {}).map((peer) => [peer, manifest.devDependencies[peer] as string])
    )
  )
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "consumer-pnpm",
      private: true,
      type: "module",
      dependencies: { ...local, ...peers, typescript: "5.9.3", "@types/node": "20.19.25" },
      // better-sqlite3 at the workspace's version: pnpm's store has its build, and the npm projects build one.
      pnpm: { overrides: { ...local, "better-sqlite3": lockedBetterSqlite }, onlyBuiltDependencies: ["better-sqlite3"] }
    })
  )
  await run(dir, "pnpm", ["install", "--no-frozen-lockfile"])
  return dir
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "quire-outside-"))
  await runBlock(work, "pack")
  for (const name of ["sqlite", "embed", "memory", ...(postgres ? ["postgres"] : [])]) installs.set(name, readmeProject(name))
  installs.set("pnpm", pnpmProject())
  // Awaited by each project's tests; a failure is theirs, not an unhandled rejection here.
  for (const install of installs.values()) install.catch(() => undefined)
}, 300_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("README.md's install commands", () => {
  it("pnpm pack:all wrote a tarball for every package, named without its version", () => {
    for (const name of manifests.keys()) expect(readFileSync(join(packs, tarballOf(name))).length).toBeGreaterThan(0)
  })

  it.each(["sqlite", "postgres", "memory", "embed"])("%s: names every @quire/* tarball it needs and pins every peer", (name) => {
    const block = readme.get(name)!
    const listed = new Set(tarballsOf(block))
    const pinned = pinnedOf(block)
    const packages = [...manifests.values()].filter((manifest) => listed.has(tarballOf(manifest.name)))
    expect(packages.length).toBe(listed.size)
    for (const manifest of packages) {
      for (const dependency of Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith("@quire/"))) {
        expect(listed, `${manifest.name} needs ${dependency}`).toContain(tarballOf(dependency))
      }
      for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
        if (manifest.peerDependenciesMeta?.[peer]?.optional) continue
        // The version this repository is tested with, which the range admits.
        expect(pinned.get(peer), `${manifest.name}'s peer ${peer} (${range})`).toBe(manifest.devDependencies[peer])
      }
    }
  })

  it("docs/embedding.md repeats no install command differently", () => {
    const embedding = installBlocks(readFileSync(join(root, "docs/embedding.md"), "utf8"))
    for (const [name, block] of embedding) expect(block).toBe(readme.get(name))
  })
})

describe("@quire/core with SQLite, installed by README.md's commands", () => {
  let dir: string
  beforeAll(async () => {
    dir = await installs.get("sqlite")!
  }, INSTALL_TIMEOUT)

  it("has one better-sqlite3, which the adapter and @effect/sql-sqlite-node share", async () => {
    expect((await betterSqliteVersions(dir)).size).toBe(1)
  })

  it("type-checks docs/embedding.md's program strictly, and runs it with plain node twice on one database (as a reader reruns it): a space with merged content", async () => {
    copyFileSync(join(consumer, "embed.ts"), join(dir, "embed.ts"))
    await typeCheck(dir, ["embed.ts"])
    mkdirSync(join(dir, "data"))
    for (const _ of ["first run", "second run"]) {
      expect(lastLine(await run(dir, process.execPath, ["out/embed.js"]))).toEqual({ space: "Handbook", pages: ["Welcome"] })
    }
  }, CHECK_TIMEOUT)
})

describe.skipIf(!postgres)("@quire/core with Postgres, installed by README.md's commands", () => {
  let dir: string
  const scope = Effect.runSync(Scope.make())
  beforeAll(async () => {
    dir = await installs.get("postgres")!
  }, INSTALL_TIMEOUT)
  afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))

  it("type-checks a program strictly, and runs it with plain node on a new database", async () => {
    copyFileSync(join(consumer, "postgres.ts"), join(dir, "postgres.ts"))
    await typeCheck(dir, ["postgres.ts"])
    const url = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
    const output = await run(dir, process.execPath, ["out/postgres.js"], { DATABASE_URL: url })
    expect(lastLine(output)).toEqual({ organization: "Acme", space: "Handbook" })
  }, CHECK_TIMEOUT)
})

describe("@quire/core with memory storage, installed by README.md's commands", () => {
  let dir: string
  beforeAll(async () => {
    dir = await installs.get("memory")!
  }, INSTALL_TIMEOUT)

  it("type-checks a program strictly, and runs it with plain node", async () => {
    copyFileSync(join(consumer, "memory.ts"), join(dir, "memory.ts"))
    await typeCheck(dir, ["memory.ts"])
    expect(lastLine(await run(dir, process.execPath, ["out/memory.js"]))).toEqual({ organization: "Acme", space: "Handbook" })
  }, CHECK_TIMEOUT)
})

describe("@quire/embed, installed by README.md's commands", () => {
  let dir: string
  beforeAll(async () => {
    dir = await installs.get("embed")!
  }, INSTALL_TIMEOUT)

  it("has one better-sqlite3", async () => {
    expect((await betterSqliteVersions(dir)).size).toBe(1)
  })

  it("type-checks the @quire/embed script strictly, and runs it with plain node: Promises, error classes with their status", async () => {
    // Type-checked as .ts, run as .mjs (the same text).
    copyFileSync(join(consumer, "facade.ts"), join(dir, "facade.ts"))
    copyFileSync(join(consumer, "facade.ts"), join(dir, "facade.mjs"))
    await typeCheck(dir, ["facade.ts"])
    expect(lastLine(await run(dir, process.execPath, ["facade.mjs"]))).toEqual({
      space: "Handbook",
      invalid: ["InvalidInputError", "title", 400],
      hidden: ["NotFoundError", 404]
    })
  }, CHECK_TIMEOUT)
})

describe("every package installed with pnpm outside the workspace", () => {
  let dir: string
  beforeAll(async () => {
    dir = await installs.get("pnpm")!
    for (const file of ["embed.ts", "kit.ts", "facade.ts", "tsconfig.json"]) copyFileSync(join(consumer, file), join(dir, file))
    copyFileSync(join(consumer, "facade.ts"), join(dir, "facade.mjs"))
  }, INSTALL_TIMEOUT)

  it("type-checks the embedding programs strictly, without skipLibCheck", async () => {
    const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"))
    expect(config.compilerOptions.strict).toBe(true)
    expect(config.compilerOptions.skipLibCheck).toBeUndefined()
    await run(dir, join(dir, "node_modules/.bin/tsc"), ["-p", "."])
  }, CHECK_TIMEOUT)

  it("runs them with plain node: a space with merged content, the @quire/embed script", async () => {
    mkdirSync(join(dir, "data"), { recursive: true })
    expect(lastLine(await run(dir, process.execPath, ["out/embed.js"]))).toEqual({ space: "Handbook", pages: ["Welcome"] })
    expect(lastLine(await run(dir, process.execPath, ["facade.mjs"]))).toEqual({
      space: "Handbook",
      invalid: ["InvalidInputError", "title", 400],
      hidden: ["NotFoundError", 404]
    })
  }, CHECK_TIMEOUT)

  it("runs a property with the test kit, with plain node", async () => {
    expect(lastLine(await run(dir, process.execPath, ["out/kit.js"]))).toEqual({ property: "held" })
  }, CHECK_TIMEOUT)

  it("runs the quire binary with plain node", async () => {
    const cli = join(dir, "node_modules/@quire/cli")
    const bin = JSON.parse(readFileSync(join(cli, "package.json"), "utf8")).bin.quire as string
    expect(bin.endsWith(".js")).toBe(true)
    expect(readFileSync(join(cli, bin), "utf8").startsWith("#!/usr/bin/env node")).toBe(true)
    const quire = join(dir, "node_modules/.bin/quire")
    expect((await run(dir, quire, ["--version"])).trim()).toContain("0.1.0")
    expect(await run(dir, quire, ["--help"])).toContain("serve")
  }, CHECK_TIMEOUT)
})

describe("docs/embedding.md's examples", () => {
  it.each(["embed.ts", "facade.ts"])("%s: is the program the outside projects run", (file) => {
    const program = readFileSync(join(consumer, file), "utf8")
    const example = program.slice(program.indexOf("// README:begin\n") + 16, program.indexOf("// README:end"))
    expect(readFileSync(join(root, "docs/embedding.md"), "utf8")).toContain(example)
  })
})
