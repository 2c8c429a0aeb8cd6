import { GitExportJob, GitImportJob, JobRepository } from "@quire/core"
import { parseDatabaseUrl, storageLayer } from "@quire/embed"
import { Effect, ManagedRuntime } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { type GitServer, startGitServer, textOf } from "../support/gitServer.js"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, statusOf, twoServers } from "./support/twoServers.js"

/**
 * Git sync requested at once through two `quire serve` processes on one database, on SQLite and
 * on Postgres, with credentials (both servers share `QUIRE_SIGNING_KEY`), just after a commit
 * made in the repository: every request is queued (204), every job ends, only exports that would
 * have written over that commit are refused, the repository stays whole, and the space takes it.
 */
const REQUESTS = 8
const PASSWORD = "race-Passw0rd"

/** The Git sync jobs in the database: kind, state and attempts. */
const gitJobs = async (databaseUrl: string) => {
  const runtime = ManagedRuntime.make(storageLayer(await Effect.runPromise(parseDatabaseUrl(databaseUrl))))
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const all = [
          ...(yield* jobs.list({ kind: GitImportJob.name, limit: 1000 })),
          ...(yield* jobs.list({ kind: GitExportJob.name, limit: 1000 }))
        ]
        return all.map((job) => ({ kind: job.kind, state: job.state, attempts: job.attempts, error: job.lastError }))
      })
    )
  } finally {
    await runtime.dispose()
  }
}

/** Waits until every Git sync job ended (succeeded or failed); the jobs. */
const allEnded = async (databaseUrl: string) => {
  const deadline = Date.now() + 120_000
  for (;;) {
    const jobs = await gitJobs(databaseUrl)
    if (jobs.every((job) => job.state === "succeeded" || job.state === "failed")) return jobs
    if (Date.now() > deadline) throw new Error(`Git sync jobs did not end: ${JSON.stringify(jobs)}`)
    await new Promise((done) => setTimeout(done, 250))
  }
}

let repo: GitServer | undefined
afterEach(async () => {
  await repo?.close()
})

describe.each(raceBackends)("Git sync on $name, two server processes", (backend) => {
  const world = twoServers(backend, { QUIRE_FETCH_ALLOW: "127.0.0.1", QUIRE_SIGNING_KEY: "r".repeat(32) })

  it.skipIf(world.skip)(`${REQUESTS} imports and exports of one space at once: each runs once, nothing is lost`, async () => {
    const { servers, acme, through } = world
    repo = await startGitServer({ auth: { user: "quire", password: PASSWORD } })
    await repo.commit({
      "SUMMARY.md": "# Summary\n\n* [Welcome](README.md)\n* [Install](install.md)\n",
      "README.md": "# Welcome\n\nStart here.\n",
      "install.md": "# Install\n\nRun it.\n"
    })
    const url = repo.url.replace("http://", `http://quire:${PASSWORD}@`)
    const space = (await through(0).orgs.createSpace(acme, { title: "Raced" })).data.id
    expect(await statusOf(through(0).spaces.importGitRepository(space, { url, ref: "refs/heads/main" }))).toBe(204)
    const databaseUrl = servers[0]!.env.DATABASE_URL!
    await allEnded(databaseUrl)
    // Then a commit in the repository, and imports and exports at once from both servers.
    await repo.commit({
      "SUMMARY.md": "# Summary\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [News](news.md)\n",
      "news.md": "# News\n\nWritten in Git.\n"
    })
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        i % 2 === 0
          ? statusOf(through(i).spaces.importGitRepository(space, { url, ref: "refs/heads/main" }))
          : statusOf(through(i).spaces.exportToGitRepository(space, { url, ref: "refs/heads/main", commitMessage: `Export ${i}` }))
      )
    )
    expect(statuses).toEqual(Array.from({ length: REQUESTS }, () => 204))

    const jobs = await allEnded(databaseUrl)
    expect(jobs).toHaveLength(REQUESTS + 1)
    // Each job ran to its end once; an export that ran before an import had taken the commit is
    // refused (it would have written over it), nothing else fails.
    for (const job of jobs.filter((job) => job.state === "failed")) {
      expect(job.kind).toBe(GitExportJob.name)
      expect(job.error, String(job.error)).toMatch(/moved on.*import it first/)
    }
    expect(jobs.filter((job) => job.kind === GitImportJob.name && job.state === "succeeded")).toHaveLength(REQUESTS / 2 + 1)

    // Nothing is lost: the repository still has the commit made in it, and the space took it.
    await repo.fsck()
    expect(textOf(await repo.readTree("main"))["news.md"]).toContain("Written in Git.")
    const pages = (await through(0).spaces.listPages(space)).data.pages.map((page) => page.title)
    expect(pages).toEqual(["Welcome", "Install", "News"])
    const info = (await through(1).spaces.getSpaceGitInfo(space)).data
    expect(info.operation?.state).not.toBe("running")
    expect(JSON.stringify(info)).not.toContain(PASSWORD)
    expect(takeSpecViolations()).toEqual([])
  }, 240_000)
})
