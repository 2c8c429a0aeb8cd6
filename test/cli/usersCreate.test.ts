import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "./cliServer.js"

const dir = mkdtempSync(join(tmpdir(), "quire-users-"))

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** `quire users create` on its own database, with `env` and neither PUBLIC_URL nor PORT unless given. */
const usersCreate = async (name: string, env: Record<string, string>) => {
  const base = { ...process.env }
  delete base.PUBLIC_URL
  delete base.PORT
  const run = await runCli({ ...base, DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`, ...env }, [
    "users",
    "create",
    "--email",
    `${name}@example.com`,
    "--name",
    name
  ])
  expect(run.code, run.stderr).toBe(0)
  const printed = JSON.parse(run.stdout) as { user: { id: string; urls: { location: string } } }
  return { location: printed.user.urls.location, id: printed.user.id, stderr: run.stderr }
}

const note = (url: string) =>
  `note: PUBLIC_URL is unset, so the URLs above assume the server at ${url} (as \`quire serve\` would); set PUBLIC_URL (or PORT) as the server has it\n`

describe("quire users create: the user's URLs", () => {
  it("are the server's: from PUBLIC_URL, else http://localhost:$PORT, and say which server they assumed when PUBLIC_URL is unset", async () => {
    const [publicUrl, port, neither] = await Promise.all([
      usersCreate("ada", { PUBLIC_URL: "https://docs.example.com/", PORT: "4123" }),
      usersCreate("bob", { PORT: "4123" }),
      usersCreate("eve", {})
    ])
    expect(publicUrl.location).toBe(`https://docs.example.com/v1/users/${publicUrl.id}`)
    expect(publicUrl.stderr).toBe("")
    expect(port.location).toBe(`http://localhost:4123/v1/users/${port.id}`)
    expect(port.stderr).toBe(note("http://localhost:4123"))
    expect(neither.location).toBe(`http://localhost:3000/v1/users/${neither.id}`)
    expect(neither.stderr).toBe(note("http://localhost:3000"))
  }, 180_000)
})
