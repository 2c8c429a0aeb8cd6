import { FastCheck as fc } from "effect"
import { contextFor } from "./context.js"
import type { Operation, QueryParameter } from "./operations.js"
import { JUNK_SEGMENTS, knownSegments } from "./pathCases.js"
import { queryCases } from "./queryCases.js"
import type { Body, FuzzRequest, Principal } from "./request.js"
import { type ValueContext, validValue } from "./validValues.js"
import { valueCases } from "./valueCases.js"
import type { World } from "./world.js"

/** A part of a request, with what it is when it is not an ordinary valid value. */
interface Part<A> {
  readonly value: A
  readonly label?: string
}

const valid = <A>(value: A): Part<A> => ({ value })

const principal: fc.Arbitrary<Part<Principal>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(valid<Principal>("admin")) },
  { weight: 3, arbitrary: fc.constant({ value: "member" as const, label: "as member" }) },
  { weight: 2, arbitrary: fc.constant({ value: "outsider" as const, label: "as outsider" }) },
  { weight: 1, arbitrary: fc.constant({ value: "anonymous" as const, label: "as anonymous" }) }
)

const segment = (world: World, name: string): fc.Arbitrary<Part<string>> => {
  const known = knownSegments(world, name)
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known.slice(0, -1)).map((c) => valid(c.segment)) },
    { weight: 2, arbitrary: fc.constantFrom(known.at(-1)!, ...JUNK_SEGMENTS).map((c) => ({ value: c.segment, label: `path ${name}: ${c.label}` })) }
  )
}

const validQueryValue = (parameter: QueryParameter, world: World, context: ValueContext): fc.Arbitrary<string> => {
  if (/number/i.test(parameter.schema.description ?? "")) return fc.integer({ min: 1, max: 1000 }).map(String)
  if (parameter.name === "page" && world.cursors.own !== undefined) return fc.constant(world.cursors.own)
  return validValue(parameter.schema, context, 0, parameter.name).map(String)
}

const queryPairs = (parameter: QueryParameter, world: World, context: ValueContext): fc.Arbitrary<Part<ReadonlyArray<string>>> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid<ReadonlyArray<string>>([])) },
    {
      weight: 3,
      arbitrary: validQueryValue(parameter, world, context).map((value) =>
        valid([`${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`])
      )
    },
    { weight: 1, arbitrary: fc.constantFrom(...queryCases(parameter, world)).map((c) => ({ value: c.pairs, label: c.label })) }
  )

const body = (operation: Operation, context: ValueContext): fc.Arbitrary<Part<Body>> => {
  if (operation.body === undefined) return fc.constant(valid<Body>({ kind: "none" }))
  const cases = valueCases(operation.body, "body", context)
  return fc.oneof(
    { weight: 5, arbitrary: validValue(operation.body, context).map((value) => valid<Body>({ kind: "json", value })) },
    { weight: 3, arbitrary: fc.constantFrom(...cases).map((c) => ({ value: { kind: "json", value: c.value } as Body, label: c.label })) }
  )
}

/** Requests of an operation drawn at random: valid values from the schemas, mixed with the catalog's cases. */
const requestArbitrary = (operation: Operation, world: World, context: ValueContext): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      principal,
      path: fc.tuple(...operation.pathParameters.map((name) => segment(world, name).map((part) => [name, part] as const))),
      query: fc.tuple(...operation.query.map((parameter) => queryPairs(parameter, world, context))),
      body: body(operation, context)
    })
    .map((parts): FuzzRequest => {
      const labels = [
        parts.principal.label,
        ...parts.path.map(([, part]) => part.label),
        ...parts.query.map((part) => part.label),
        parts.body.label
      ].filter((label) => label !== undefined)
      return {
        operation,
        label: `random: ${labels.length === 0 ? "valid" : labels.join("; ")}`,
        principal: parts.principal.value,
        path: Object.fromEntries(parts.path.map(([name, part]) => [name, part.value])),
        query: parts.query.flatMap((part) => part.value),
        body: parts.body.value
      }
    })

/** `runs` random requests of an operation, the same ones for the same seed and world. */
export const randomRequests = (operation: Operation, world: World, seed: number, runs: number): ReadonlyArray<FuzzRequest> =>
  runs <= 0 ? [] : fc.sample(requestArbitrary(operation, world, contextFor(world, seed)), { seed, numRuns: runs })
