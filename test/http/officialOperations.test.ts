import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { GENERATED_MODULE, officialOperationsModule, operationsOfSpec, pinnedSpec } from "../support/officialOperationsModule.js"

/** The server's list of official operations is the pinned spec's, regenerated whenever the pin moves. */
describe(GENERATED_MODULE, () => {
  const { spec, version } = pinnedSpec()

  it("is what `pnpm gen:official-operations` makes of the pinned @gitbook/api spec", () => {
    const committed = readFileSync(fileURLToPath(new URL(`../../${GENERATED_MODULE}`, import.meta.url)), "utf8")
    expect(committed, "the pinned spec changed: run `pnpm gen:official-operations`").toBe(officialOperationsModule(spec, version))
  })

  it("lists every operation once, paths without the /v1 of the spec's server", () => {
    const operations = operationsOfSpec(spec)
    expect(operations.length).toBeGreaterThan(300)
    expect(new Set(operations.map(([, , id]) => id)).size).toBe(operations.length)
    expect(spec.servers[0].url).toMatch(/\/v1$/)
    expect(operations.filter(([, path]) => path.startsWith("/v1"))).toEqual([])
  })
})
