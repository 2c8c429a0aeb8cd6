import { type InProcessFigures, measureInProcess, type Stat } from "./inProcess.js"
import { type BenchContext, round, type Section, type TableRow } from "./section.js"

const OPERATIONS = [
  ["create", "createUs", "Spaces.create"],
  ["read", "readUs", "Spaces.get"],
  ["update", "updateUs", "Spaces.update (title)"],
  ["list", "listUs", "Spaces.list (100, count)"]
] as const

/**
 * Create, read by id, update one field and list 100 with the count, through the core services
 * in this process, beside the same statements sent directly with the driver (the limit). Runs
 * with no server up, after the HTTP sections: its creates and updates change the seeded rows.
 */
export const inProcessSection = (context: BenchContext): Section => {
  let figures: InProcessFigures | undefined
  return {
    key: "inProcess",
    offline: async () => {
      console.log(`inProcess: create, read, update, list through the services and with ${context.backend.name === "sqlite" ? "better-sqlite3" : "pg"} …`)
      figures = await measureInProcess({
        backend: context.backend.name,
        database: context.backend.database,
        organizationId: context.seeded.organizationId,
        userId: context.seeded.userId,
        spaceIds: context.seeded.spaceIds
      })
    },
    result: () => {
      if (!figures) throw new Error("inProcess: not measured")
      const measured = figures
      const us = (stat: Stat) => `${stat.medianUs.toFixed(0)} / ${stat.p99Us.toFixed(0)}`
      const json = Object.fromEntries(
        OPERATIONS.map(([operation, key]) => {
          const { quire, raw } = measured[operation]
          return [key, { quire: round(quire.medianUs, 1), raw: round(raw.medianUs, 1), quireP99: round(quire.p99Us, 1), rawP99: round(raw.p99Us, 1) }]
        })
      )
      const rows: Array<TableRow> = OPERATIONS.map(([operation, , label]) => {
        const { quire, raw } = measured[operation]
        return { figure: `${label} µs p50 / p99`, quire: us(quire), baseline: us(raw), ratio: (quire.medianUs / raw.medianUs).toFixed(2) }
      })
      return { json, rows }
    }
  }
}
