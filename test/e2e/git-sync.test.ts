import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type GitServer, startGitServer, textOf } from "../support/gitServer.js"
import { rawCall } from "./support/client.js"
import { makeAcmeWithEditor, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * `importGitRepository`, `exportToGitRepository` and `getSpaceGitInfo` end to end on SQLite,
 * against real Git servers on loopback (`git http-backend`), through the official client: a
 * round trip (export, a commit made in the repository, import, an edit merged in Quire, export
 * again), the no-lost-update refusals and `force`, credentials never kept or shown, and each bad
 * input. ada administers Acme, bob edits, carl reads, eve is outside.
 */
let server: RunningServer
let databaseDir: string
let repo: GitServer
let ada: Principal
let bob: Principal
let carl: Principal
let eve: Principal
let acme: string

const SECRET = "s3cret-Passw0rd-never-stored"

beforeAll(async () => {
  databaseDir = mkdtempSync(join(tmpdir(), "quire-git-sync-"))
  server = await startServer({
    databaseUrl: `sqlite:${join(databaseDir, "quire.db")}`,
    env: { QUIRE_FETCH_ALLOW: "127.0.0.1", QUIRE_SIGNING_KEY: "k".repeat(32) }
  })
  ;({ ada, bob, carl, eve, acme } = await makeAcmeWithEditor(server))
}, 300_000)

afterAll(async () => {
  await server?.stop()
})

afterEach(async () => {
  expect(takeSpecViolations()).toEqual([])
  await repo?.close()
})

const newSpace = async (title: string) => (await ada.api.orgs.createSpace(acme, { title })).data.id
const revisionOf = async (space: string) => (await ada.api.spaces.getCurrentRevision(space)).data.id
const titlesOf = (pages: ReadonlyArray<any>): Array<unknown> => pages.map((p) => (p.pages?.length ? [p.title, titlesOf(p.pages)] : p.title))
const pagesOf = async (space: string) => titlesOf((await carl.api.spaces.listPages(space)).data.pages as Array<any>)
const markdownOf = async (space: string, title: string) => {
  const page = ((await carl.api.spaces.listPages(space)).data.pages as Array<any>).find((p) => p.title === title)
  return ((await carl.api.spaces.getPageById(space, page.id, { format: "markdown" } as any)).data as any).markdown as string
}

/** Waits until the space's last Git operation ended; its info. */
const settled = async (space: string, who: Principal = ada) => {
  const deadline = Date.now() + 90_000
  for (;;) {
    const info = (await who.api.spaces.getSpaceGitInfo(space)).data
    if (info.operation !== undefined && info.operation.state !== "running") return info
    if (Date.now() > deadline) throw new Error(`the Git operation of ${space} did not end: ${JSON.stringify(info)}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

const importBody = (extra: Record<string, unknown> = {}) => ({ url: repo.url, ref: "refs/heads/main", ...extra })
const exportBody = (extra: Record<string, unknown> = {}) => ({ url: repo.url, ref: "refs/heads/main", commitMessage: "Export from Quire", ...extra })

const seedRepository = () =>
  repo.commit({
    "SUMMARY.md": "# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n",
    "README.md": "# Welcome\n\nStart here.\n",
    "guides/README.md": "# Guides\n\nAll the guides.\n",
    "guides/install.md": "# Install\n\nRun the installer.\n"
  })

describe("a round trip through a real repository", () => {
  it("imports a branch, takes a commit made in the repository, exports an edit merged in Quire", async () => {
    repo = await startGitServer()
    const first = await seedRepository()
    const space = await newSpace("Synced")
    expect((await bob.api.spaces.importGitRepository(space, importBody())).status).toBe(204)
    const imported = await settled(space)
    expect(imported).toMatchObject({
      installationProvider: "github",
      installationStatus: "active",
      repoName: expect.any(String),
      url: repo.url,
      operation: { state: "success", direction: "import", startedAt: expect.any(String), endedAt: expect.any(String) }
    })
    expect(await pagesOf(space)).toEqual(["Welcome", ["Guides", ["Install"]]])
    expect(await markdownOf(space, "Welcome")).toContain("Start here.")

    // A commit made in the repository, then imported again: the space follows it.
    await repo.commit({ "guides/install.md": "# Install\n\nRun the new installer.\n" })
    expect((await bob.api.spaces.importGitRepository(space, importBody())).status).toBe(204)
    expect((await settled(space)).operation).toMatchObject({ state: "success", direction: "import" })
    const install = ((await carl.api.spaces.listPages(space)).data.pages as Array<any>)[1].pages[0]
    expect(((await carl.api.spaces.getPageById(space, install.id, { format: "markdown" } as any)).data as any).markdown).toContain(
      "Run the new installer."
    )

    // An edit through a change request, merged, then exported as one commit on top.
    const headBefore = await repo.resolve("main")
    expect(headBefore).not.toBe(first)
    const cr = (await bob.api.spaces.createChangeRequest(space, { subject: "FAQ" })).data
    await bob.api.spaces.updateChangeRequestContent(space, cr.id, {
      changes: [{ operation: "insert_page", title: "FAQ", document: { markdown: "Ask away." } }]
    } as any)
    await ada.api.spaces.mergeChangeRequest(space, cr.id)
    expect((await bob.api.spaces.exportToGitRepository(space, exportBody({ commitMessage: "Add the FAQ" }))).status).toBe(204)
    expect((await settled(space)).operation).toMatchObject({ state: "success", direction: "export" })
    const head = await repo.resolve("main")
    expect(await repo.resolve("main^")).toBe(headBefore)
    expect(await repo.commitMessage("main")).toBe("Add the FAQ")
    const tree = textOf(await repo.readTree("main"))
    expect(tree["faq.md"]).toContain("Ask away.")
    expect(tree["guides/install.md"]).toContain("Run the new installer.")
    expect(tree["SUMMARY.md"]).toContain("[FAQ](faq.md)")
    await repo.fsck()

    // Nothing changed since: another export makes no commit; an import changes nothing.
    const revision = await revisionOf(space)
    await bob.api.spaces.exportToGitRepository(space, exportBody({ commitMessage: "Again" }))
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await repo.resolve("main")).toBe(head)
    await bob.api.spaces.importGitRepository(space, importBody())
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await revisionOf(space)).toBe(revision)
  })

  it("exports into a folder of a repository, leaving the rest of it as it was", async () => {
    repo = await startGitServer()
    await repo.commit({ "src/index.ts": "export {}\n", "README.md": "# Project\n" })
    const space = await newSpace("In a folder")
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Page" })).data
    await ada.api.spaces.updateChangeRequestContent(space, cr.id, {
      changes: [{ operation: "insert_page", title: "Overview", document: { markdown: "What it is." } }]
    } as any)
    await ada.api.spaces.mergeChangeRequest(space, cr.id)
    await ada.api.spaces.exportToGitRepository(space, exportBody({ repoProjectDirectory: "docs" }))
    expect((await settled(space)).operation?.state).toBe("success")
    const tree = textOf(await repo.readTree("main"))
    expect(tree["src/index.ts"]).toBe("export {}\n")
    expect(tree["README.md"]).toBe("# Project\n")
    expect(tree["docs/overview.md"]).toContain("What it is.")
    // Read back from the folder into another space: the same pages.
    const copy = await newSpace("Copy")
    await ada.api.spaces.importGitRepository(copy, importBody({ repoProjectDirectory: "docs" }))
    expect((await settled(copy)).operation?.state).toBe("success")
    expect(await pagesOf(copy)).toEqual(["Overview"])
  })

  it("standalone: an import makes a revision without moving the space to it", async () => {
    repo = await startGitServer()
    await seedRepository()
    const space = await newSpace("Standalone")
    const before = await revisionOf(space)
    await ada.api.spaces.importGitRepository(space, importBody({ standalone: true }))
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await revisionOf(space)).toBe(before)
    expect(await pagesOf(space)).toEqual([])
  })
})

describe("no lost update", () => {
  it("an export refuses a branch that moved on since the last sync, until imported or forced", async () => {
    repo = await startGitServer()
    await seedRepository()
    const space = await newSpace("Moved branch")
    await ada.api.spaces.importGitRepository(space, importBody())
    expect((await settled(space)).operation?.state).toBe("success")
    const theirs = await repo.commit({ "notes.md": "# Notes\n\nWritten in the repository.\n" })
    await ada.api.spaces.exportToGitRepository(space, exportBody())
    const refused = await settled(space)
    expect(refused.operation).toMatchObject({ state: "failure", direction: "export", error: expect.stringMatching(/moved on.*force/) })
    expect(await repo.resolve("main")).toBe(theirs)
    await ada.api.spaces.exportToGitRepository(space, exportBody({ force: true }))
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await repo.resolve("main^")).toBe(theirs)
  })

  it("a first export refuses a branch with content the space never matched, unless forced", async () => {
    repo = await startGitServer()
    const theirs = await seedRepository()
    const space = await newSpace("Never synced")
    await ada.api.spaces.exportToGitRepository(space, exportBody())
    expect((await settled(space)).operation).toMatchObject({ state: "failure", error: expect.stringMatching(/never matched.*force/) })
    expect(await repo.resolve("main")).toBe(theirs)
    await ada.api.spaces.exportToGitRepository(space, exportBody({ force: true }))
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await repo.resolve("main^")).toBe(theirs)
  })

  it("an import refuses to replace changes made in the space since the last sync, unless forced", async () => {
    repo = await startGitServer()
    await seedRepository()
    const space = await newSpace("Edited space")
    await ada.api.spaces.importGitRepository(space, importBody())
    expect((await settled(space)).operation?.state).toBe("success")
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Local" })).data
    await ada.api.spaces.updateChangeRequestContent(space, cr.id, {
      changes: [{ operation: "insert_page", title: "Local only", document: { markdown: "Not in Git." } }]
    } as any)
    await ada.api.spaces.mergeChangeRequest(space, cr.id)
    const edited = await revisionOf(space)
    await repo.commit({ "README.md": "# Welcome\n\nChanged in Git.\n" })
    await ada.api.spaces.importGitRepository(space, importBody())
    const refused = await settled(space)
    expect(refused.operation).toMatchObject({ state: "failure", direction: "import", error: expect.stringMatching(/changed.*force/) })
    expect(await revisionOf(space)).toBe(edited)
    await ada.api.spaces.importGitRepository(space, importBody({ force: true }))
    expect((await settled(space)).operation?.state).toBe("success")
    expect(await markdownOf(space, "Welcome")).toContain("Changed in Git.")
  })

  it("an operation older than the last one applied is ignored", async () => {
    repo = await startGitServer()
    await seedRepository()
    const space = await newSpace("Ordered")
    await ada.api.spaces.importGitRepository(space, importBody({ timestamp: "2026-06-01T12:00:00Z" }))
    const applied = await settled(space)
    expect(applied.operation?.state).toBe("success")
    const revision = await revisionOf(space)
    await repo.commit({ "README.md": "# Welcome\n\nLater.\n" })
    expect((await ada.api.spaces.importGitRepository(space, importBody({ timestamp: "2026-05-01T12:00:00Z" }))).status).toBe(204)
    expect((await ada.api.spaces.getSpaceGitInfo(space)).data).toEqual(applied)
    expect(await revisionOf(space)).toBe(revision)
  })
})

describe("credentials", () => {
  it("are used, never shown in answers or logs, and never stored in clear", async () => {
    repo = await startGitServer({ auth: { user: "quire", password: SECRET } })
    await seedRepository()
    const space = await newSpace("Private repository")
    const withCredentials = repo.url.replace("http://", `http://quire:${SECRET}@`)
    expect((await ada.api.spaces.importGitRepository(space, { url: withCredentials, ref: "refs/heads/main" })).status).toBe(204)
    const info = await settled(space)
    expect(info.operation, JSON.stringify(info)).toMatchObject({ state: "success" })
    expect(await pagesOf(space)).toEqual(["Welcome", ["Guides", ["Install"]]])
    expect(JSON.stringify(info)).not.toContain(SECRET)

    const wrong = repo.url.replace("http://", "http://quire:wrong-password@")
    await ada.api.spaces.importGitRepository(space, { url: wrong, ref: "refs/heads/main" })
    const refused = await settled(space)
    expect(refused.operation).toMatchObject({ state: "failure", error: expect.stringMatching(/refused the credentials/) })
    expect(JSON.stringify(refused)).not.toContain("wrong-password")

    expect(server.output()).not.toContain(SECRET)
    for (const file of readdirSync(databaseDir)) {
      expect(readFileSync(join(databaseDir, file)).includes(SECRET), file).toBe(false)
    }
  })
})

describe("bad input", () => {
  it("answers 400 naming the field, and writes nothing", async () => {
    const space = await newSpace("Bad input")
    const url = "https://git.example.com/docs.git"
    const cases: Array<[unknown, string, string]> = [
      [{ url, ref: "main" }, "import", "ref"],
      [{ url: "ftp://git.example.com/docs.git", ref: "refs/heads/main" }, "import", "url"],
      [{ ref: "refs/heads/main" }, "import", "url"],
      [{ url, ref: "refs/heads/a..b" }, "import", "ref"],
      [{ url, ref: "refs/heads/main", repoProjectDirectory: "../up" }, "import", "repoProjectDirectory"],
      [{ url, ref: "refs/heads/main", timestamp: "yesterday" }, "import", "timestamp"],
      [{ url, ref: "refs/heads/main", force: "yes" }, "import", "force"],
      [{ url, ref: "refs/heads/main" }, "export", "commitMessage"],
      [{ url, ref: "refs/heads/main", commitMessage: "" }, "export", "commitMessage"],
      [{ url, ref: "refs/heads/main", commitMessage: "x", gitInfo: { provider: "bitbucket" } }, "export", "gitInfo.provider"]
    ]
    for (const [body, direction, field] of cases) {
      const answer = await rawCall(server.url, ada.token, "POST", `/spaces/${space}/git/${direction}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.message, JSON.stringify(body)).toContain(field)
    }
    expect((await rawCall(server.url, ada.token, "GET", `/spaces/${space}/git/info`)).status).toBe(404)
  })

  it("a repository that cannot be read ends the operation failed with its reason, and changes nothing", async () => {
    repo = await startGitServer()
    const space = await newSpace("Unreadable")
    const revision = await revisionOf(space)
    const failures: Array<[Record<string, unknown>, RegExp]> = [
      [{ url: repo.url, ref: "refs/heads/main" }, /no branch "main"/],
      [{ url: `${server.url}/v1/not-a-repository.git`, ref: "refs/heads/main" }, /not a Git repository/],
      [{ url: "http://10.1.2.3/docs.git", ref: "refs/heads/main" }, /private.*QUIRE_FETCH_ALLOW/]
    ]
    for (const [body, reason] of failures) {
      expect((await ada.api.spaces.importGitRepository(space, body as any)).status).toBe(204)
      expect((await settled(space)).operation).toMatchObject({ state: "failure", error: expect.stringMatching(reason) })
    }
    await repo.commit({ "src/index.ts": "export {}\n" })
    await ada.api.spaces.importGitRepository(space, importBody())
    expect((await settled(space)).operation).toMatchObject({ state: "failure", error: expect.stringMatching(/no pages/) })
    expect(await revisionOf(space)).toBe(revision)
  })
})

describe("authorization", () => {
  it("a reader sees the sync but may not start one; an outsider sees nothing", async () => {
    repo = await startGitServer()
    await seedRepository()
    const space = await newSpace("Guarded")
    await ada.api.spaces.importGitRepository(space, importBody())
    await settled(space)
    expect((await rawCall(server.url, carl.token, "POST", `/spaces/${space}/git/import`, importBody())).status).toBe(403)
    expect((await rawCall(server.url, carl.token, "POST", `/spaces/${space}/git/export`, exportBody())).status).toBe(403)
    expect((await carl.api.spaces.getSpaceGitInfo(space)).data.operation?.direction).toBe("import")
    for (const [method, path, body] of [
      ["POST", "import", importBody()],
      ["POST", "export", exportBody()],
      ["GET", "info", undefined]
    ] as const) {
      expect((await rawCall(server.url, eve.token, method, `/spaces/${space}/git/${path}`, body)).status).toBe(404)
    }
    expect((await ada.api.spaces.getSpaceGitInfo(space)).data.operation?.direction).toBe("import")
  })
})
