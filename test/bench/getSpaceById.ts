import { alternatingLoad } from "./alternatingLoad.js"
import type { BenchContext, Section } from "./section.js"

/** `GET /v1/spaces/{random seeded id}` on both servers (see `alternatingLoad`). */
export const getSpaceByIdSection = (context: BenchContext): Section => {
  const load = alternatingLoad(
    context,
    "getSpaceById",
    context.seeded.spaceIds.map((id) => `/v1/spaces/${id}`)
  )
  return { key: "getSpaceById", onBoth: load.run, result: load.result }
}
