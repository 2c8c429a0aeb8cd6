/**
 * `tsx test/bench/micro/gitFetchCost.ts`: what `GitRemote.fetchTree` costs in process for the
 * import bench's `MICRO_PAGES` (2000) pages pushed to a loopback Git server (`git http-backend`):
 * wall and this process's CPU seconds, `MICRO_RUNS` (4) times (the first one cold).
 */
import { GitRemote, IsomorphicGitRemote } from "@quire/core"
import { Effect } from "effect"
import { importCorpus } from "../import/importCorpus.js"
import { startGitServer } from "../../support/gitServer.js"

const corpus = importCorpus(Number(process.env.MICRO_PAGES ?? 2000))
const runs = Number(process.env.MICRO_RUNS ?? 4)
const git = await startGitServer({ name: "micro-git-fetch" })
try {
  const ref = "refs/heads/main"
  const remote = IsomorphicGitRemote.layer()
  await Effect.runPromise(
    Effect.flatMap(GitRemote, (r) => r.pushTree({ url: git.url, ref, files: corpus.files, message: "pages", author: { name: "Micro", email: "micro@example.com" } })).pipe(
      Effect.provide(remote)
    )
  )
  for (let run = 1; run <= runs; run++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const fetched = await Effect.runPromise(Effect.flatMap(GitRemote, (r) => r.fetchTree({ url: git.url, ref })).pipe(Effect.provide(remote)))
    const used = process.cpuUsage(cpu)
    console.log(`fetchTree ${run}: ${fetched.files.size} files, ${((performance.now() - started) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`)
  }
} finally {
  await git.close()
}
