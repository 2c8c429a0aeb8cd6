import { type FacadeFigures, type InProcessFigures, measureFacadeRead, measureInProcess, type Stat } from "./inProcess.js"
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
  let facade: FacadeFigures | undefined
  return {
    key: "inProcess",
    offline: async () => {
      console.log(`inProcess: create, read, update, list through the services and with ${context.backend.name === "sqlite" ? "better-sqlite3" : "pg"} …`)
      const target = {
        backend: context.backend.name,
        database: context.backend.database,
        organizationId: context.seeded.organizationId,
        userId: context.seeded.userId,
        spaceIds: context.seeded.spaceIds
      }
      figures = await measureInProcess(target)
      console.log("inProcess: Spaces.get through @quire/embed beside the Effect call …")
      facade = await measureFacadeRead(target)
    },
    result: () => {
      if (!figures || !facade) throw new Error("inProcess: not measured")
      const measured = figures
      const viaFacade = facade
      const us = (stat: Stat) => `${stat.medianUs.toFixed(0)} / ${stat.p99Us.toFixed(0)}`
      const json = Object.fromEntries(
        OPERATIONS.map(([operation, key]) => {
          const { quire, raw } = measured[operation]
          const figure = { quire: round(quire.medianUs, 1), raw: round(raw.medianUs, 1), quireP99: round(quire.p99Us, 1), rawP99: round(raw.p99Us, 1) }
          // `facade`: the same read through @quire/embed (median µs), measured beside its own Effect call.
          return [key, operation === "read" ? { ...figure, facade: round(viaFacade.facade.medianUs, 1) } : figure]
        })
      )
      const rows: Array<TableRow> = OPERATIONS.map(([operation, , label]) => {
        const { quire, raw } = measured[operation]
        return { figure: `${label} µs p50 / p99`, quire: us(quire), baseline: us(raw), ratio: (quire.medianUs / raw.medianUs).toFixed(2) }
      })
      rows.push({
        figure: "Spaces.get via @quire/embed µs p50 / p99",
        quire: us(viaFacade.facade),
        baseline: `${us(viaFacade.effect)} (Effect)`,
        ratio: (viaFacade.facade.medianUs / viaFacade.effect.medianUs).toFixed(2)
      })
      return { json, rows }
    }
  }
}
