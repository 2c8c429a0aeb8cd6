import { execFile, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningCli, spawnCli } from "../cli/cliServer.js"
import { freePort } from "../e2e/support/server.js"

const root = resolve(import.meta.dirname, "../..")
const readme = readFileSync(resolve(root, "README.md"), "utf8")

/** The fenced block right after `<!-- write-a-page:NAME -->` in README.md, as it is written there. */
const readmeBlock = (name: string) => {
  const found = new RegExp(`<!-- write-a-page:${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(readme)
  if (!found) throw new Error(`README.md has no block marked write-a-page:${name}`)
  return found[1]!
}

const has = (command: string) => spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0
const shellTools = has("curl") && has("jq")
if (!shellTools) {
  const message = "curl or jq is missing: the README's curl example cannot run."
  if (process.env.CI) throw new Error(`${message} CI is set, so it fails instead of being skipped.`)
  console.warn(`\n!! ${message} IT IS SKIPPED.\n`)
}

/** Runs `file` with `args`, `script` on stdin, in the repository; resolves with its exit code and output. */
const run = (file: string, args: ReadonlyArray<string>, script: string, env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = execFile(file, args, { cwd: root, env, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    )
    child.stdin!.end(script)
  })

const dir = mkdtempSync(join(tmpdir(), "quire-write-a-page-"))
let server: RunningCli | undefined
let env: NodeJS.ProcessEnv

// As the quick start: `quire serve` on an empty SQLite database, with only its port chosen.
beforeAll(async () => {
  const port = await freePort()
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `sqlite:${join(dir, "quire.db")}`, PORT: String(port) }
  delete serverEnv.PUBLIC_URL
  server = spawnCli(serverEnv, ["serve"])
  await server.waitFor("Quire listening")
  // As a new user would: the token the first start printed, and the server's address.
  const token = /shown only this once:\n\n {2}(\S+)\n/.exec(server.output())?.[1]
  expect(token, server.output()).toBeDefined()
  env = { ...process.env, TOKEN: token, QUIRE: `http://localhost:${port}` }
}, 240_000)

afterAll(async () => {
  await server?.stop("SIGTERM")
  rmSync(dir, { recursive: true, force: true })
})

describe("README: Write a page", () => {
  it.skipIf(!shellTools)("the curl block, word for word, writes a page through a change request and reads it back", async () => {
    const result = await run("bash", ["-euo", "pipefail"], readmeBlock("curl"), env)
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: "" })
    expect(result.stdout).toBe("merge\n# Welcome\n\nHello from Quire.\n\n")
  }, 180_000)

  it.skipIf(!shellTools)("the publish block, after the curl block, publishes the space and reads the site without a token", async () => {
    const result = await run("bash", ["-euo", "pipefail"], `${readmeBlock("curl")}\n${readmeBlock("publish")}`, env)
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: "" })
    const url = /^Open (\S+) in a browser$/m.exec(result.stdout)?.[1]
    expect(url).toMatch(new RegExp(`^${env.QUIRE}/sites/[A-Za-z0-9]+/handbook$`))
    expect(result.stdout).toContain(`# Handbook\n\n- [Welcome](${url}/welcome.md)\n`)
    const page = await fetch(url!)
    expect(await page.text()).toContain("<h1>Welcome</h1>")
  }, 180_000)

  it("the @gitbook/api block, word for word, does the same through the official client", async () => {
    const result = await run(process.execPath, ["--input-type=module"], readmeBlock("client"), env)
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: "" })
    expect(result.stdout).toBe("# Welcome\n\nHello from Quire.\n\n")
  }, 180_000)

  it("the client with /v1 in its endpoint is told what is wrong", async () => {
    const answer = await fetch(`${env.QUIRE}/v1/v1/orgs`, { method: "POST", headers: { authorization: `Bearer ${env.TOKEN}` } })
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^No operation at POST \/v1\/v1\/orgs \(.*origin, without \/v1, as its endpoint\)$/
    )
  })
})
