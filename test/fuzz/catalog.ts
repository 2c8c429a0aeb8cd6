import { bodyCases, unexpectedBodyCases } from "./bodyCases.js"
import { contextFor } from "./context.js"
import type { Operation } from "./operations.js"
import { JUNK_SEGMENTS, knownSegments } from "./pathCases.js"
import { queryCases, unknownQueryParameter } from "./queryCases.js"
import { type Body, type FuzzRequest, noBody, type Principal } from "./request.js"
import { sampleOne, validValue } from "./validValues.js"
import { valueCases } from "./valueCases.js"
import { knowsParameter, type World, worldValuesFor } from "./world.js"

const OTHER_PRINCIPALS: ReadonlyArray<Principal> = ["member", "outsider", "anonymous", "wrongToken", "malformedAuthorization"]

const exampleBody = (operation: Operation, world: World, seed: number, example: "full" | "minimal"): Body =>
  operation.body === undefined ? noBody : { kind: "json", value: sampleOne(validValue(operation.body, { ...contextFor(world, seed), example }), seed) }

/** The required query parameters the world has a value for (a signed URL's `token`), as pairs. */
const requiredQuery = (operation: Operation, world: World): ReadonlyArray<string> =>
  operation.query
    .filter((parameter) => parameter.required && knowsParameter(parameter.name))
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(worldValuesFor(world, parameter.name)[0]!.id)}`)

/** The admin's valid request: the world's usual resources, no query but the required, a body with every field. */
export const baselineOf = (operation: Operation, world: World, seed: number): FuzzRequest => {
  const body = exampleBody(operation, world, seed, "full")
  const path = Object.fromEntries(operation.pathParameters.map((name) => [name, knownSegments(world, name)[0]!.segment]))
  return { operation, label: "baseline", principal: "admin", path, query: requiredQuery(operation, world), body }
}

/**
 * The enumerated requests of an operation: the baseline varied in one place at a time, by
 * every other principal, every boundary and invalid value of every body field, every
 * whole-body case, every query parameter's cases and every path parameter's. The valid
 * requests (only the required fields, then the baseline) come last, after the requests that
 * mostly fail and leave the world as it was.
 */
export const catalogOf = (operation: Operation, world: World, seed: number): ReadonlyArray<FuzzRequest> => {
  const baseline = baselineOf(operation, world, seed)
  const requests: Array<FuzzRequest> = []
  const vary = (label: string, change: Partial<FuzzRequest>) => requests.push({ ...baseline, ...change, label })
  for (const principal of OTHER_PRINCIPALS) vary(`as ${principal}`, { principal })
  if (operation.body !== undefined) {
    for (const c of valueCases(operation.body, "body", contextFor(world, seed))) vary(c.label, { body: { kind: "json", value: c.value } })
    for (const c of bodyCases(baseline.body.kind === "json" ? baseline.body.value : {})) vary(c.label, { body: c.body })
  } else {
    for (const c of unexpectedBodyCases) vary(c.label, { body: c.body })
  }
  for (const parameter of operation.query) for (const c of queryCases(parameter, world)) vary(c.label, { query: c.pairs })
  vary(unknownQueryParameter.label, { query: unknownQueryParameter.pairs })
  for (const name of operation.pathParameters) {
    for (const c of [...JUNK_SEGMENTS, ...knownSegments(world, name).slice(1)]) {
      vary(`path ${name}: ${c.label}`, { path: { ...baseline.path, [name]: c.segment } })
    }
  }
  const minimal = exampleBody(operation, world, seed, "minimal")
  if (JSON.stringify(minimal) !== JSON.stringify(baseline.body)) vary("body: only the required fields", { body: minimal })
  requests.push(baseline)
  return requests
}
