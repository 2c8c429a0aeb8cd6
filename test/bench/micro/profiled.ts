import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { join } from "node:path"

const directory = process.env.MICRO_PROFILE
let session: Session | undefined

/**
 * A CPU profile of a stretch of a micro (when `MICRO_PROFILE=<dir>` is set): `start` before it,
 * `stop(name)` after, which writes `<dir>/<name>.cpuprofile`. Without the variable, both do nothing.
 */
export const profiled = {
  start: Effect.promise(async () => {
    if (directory === undefined) return
    session ??= new Session()
    session.connect()
    await session.post("Profiler.enable")
    await session.post("Profiler.setSamplingInterval", { interval: 100 })
    await session.post("Profiler.start")
  }),
  stop: (name: string) =>
    Effect.promise(async () => {
      if (directory === undefined || session === undefined) return
      const { profile } = await session.post("Profiler.stop")
      session.disconnect()
      const file = join(directory, `${name}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      console.log(`cpu profile: ${file}`)
    })
}
