import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { freePort } from "../e2e/support/server.js"
import type { BenchContext } from "./section.js"
import { startBaseline } from "./servers.js"

/** One answer held by `baseline-static-server.ts`: the path it is asked by (with its query) and what it answers. */
export interface StaticAnswer {
  readonly path: string
  readonly contentType: string
  readonly etag: string | null
  readonly body: Buffer
}

/**
 * `baseline-static-server.ts` holding `answers` in memory, on the server's CPU like the servers it
 * stands beside: the least a server can do for those URLs. `name` names its process and file.
 */
export const startStaticAnswers = async (context: BenchContext, name: string, answers: ReadonlyArray<StaticAnswer>, publicUrl: string) => {
  const file = join(context.dir, `${name}.ndjson`)
  writeFileSync(file, `${answers.map((answer) => JSON.stringify([answer.path, answer.contentType, answer.etag, answer.body.toString("base64")])).join("\n")}\n`)
  return startBaseline({
    name,
    main: join(import.meta.dirname, "baseline-static-server.ts"),
    env: { BENCH_STATIC_PAGES: file },
    port: await freePort(),
    publicUrl,
    cpu: context.config.serverCpu,
    dir: context.dir
  })
}
