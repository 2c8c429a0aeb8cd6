import type { HttpApi, HttpApiGroup } from "@effect/platform"
import { API_PREFIX } from "../openApiDocument.js"
import { officialOperations } from "./officialOperations.generated.js"

/** An operation of the official GitBook API: its method, its path as the spec writes it (under `/v1`) and its operationId. */
export interface OfficialOperation {
  readonly method: string
  readonly path: string
  readonly operationId: string
}

/** A path's segments, each parameter (`{spaceId}` as the spec writes it, `:spaceId` as the router does) as `null`. */
const templateOf = (path: string): ReadonlyArray<string | null> =>
  path
    .split("/")
    .slice(1)
    .map((segment) => (segment.startsWith(":") || (segment.startsWith("{") && segment.endsWith("}")) ? null : segment))

/** The same key for an operation whatever its parameters are named: `GET /spaces/{}/search`. */
const keyOf = (method: string, template: ReadonlyArray<string | null>) =>
  `${method} /${template.map((segment) => segment ?? "{}").join("/")}`

/** The method and path of every operation `api` serves, as `keyOf` writes them (paths without `/v1`). */
const servedKeys = (api: HttpApi.HttpApi.Any): ReadonlySet<string> => {
  const keys = new Set<string>()
  for (const group of Object.values((api as HttpApi.HttpApi.AnyWithProps).groups) as ReadonlyArray<HttpApiGroup.HttpApiGroup.AnyWithProps>) {
    for (const endpoint of Object.values(group.endpoints)) {
      const path = endpoint.path.startsWith(API_PREFIX) ? endpoint.path.slice(API_PREFIX.length) || "/" : endpoint.path
      keys.add(keyOf(endpoint.method, templateOf(path)))
    }
  }
  return keys
}

interface Candidate {
  readonly template: ReadonlyArray<string | null>
  readonly operation: OfficialOperation
}

/** Literal segments before parameters, position by position: the template a request names most exactly comes first. */
const mostExactFirst = (a: Candidate, b: Candidate): number => {
  for (let at = 0; at < a.template.length; at++) {
    const literalA = a.template[at] !== null
    if (literalA !== (b.template[at] !== null)) return literalA ? -1 : 1
  }
  return 0
}

/** Whether `segments` (a request path's) fit `template`: literals equal, a parameter any one non-empty segment. */
const fits = (template: ReadonlyArray<string | null>, segments: ReadonlyArray<string>): boolean =>
  template.every((literal, at) => (literal === null ? segments[at] !== "" : literal === segments[at]))

/** The official operations `api` does not serve, and which of them a request names. */
export interface UnservedOperations {
  readonly all: ReadonlyArray<OfficialOperation>
  /** The unserved official operation at `method` and `url` (a request's, `/v1/…` with its query), if any. */
  readonly at: (method: string, url: string) => OfficialOperation | undefined
}

/**
 * The official operations (see `officialOperations`, generated from the pinned spec) that `api`
 * does not serve, matched by method and path, parameters whatever their names: as areas land in
 * `api`, the list shrinks by itself.
 */
export const unservedOperations = (api: HttpApi.HttpApi.Any): UnservedOperations => {
  const served = servedKeys(api)
  const candidates: Array<Candidate> = []
  for (const [method, path, operationId] of officialOperations) {
    const template = templateOf(path)
    if (!served.has(keyOf(method, template))) candidates.push({ template, operation: { method, path, operationId } })
  }
  // By method and number of segments: a request is compared with the few templates of its shape.
  const byShape = new Map<string, Array<Candidate>>()
  for (const candidate of candidates) {
    const shape = `${candidate.operation.method} ${candidate.template.length}`
    const list = byShape.get(shape) ?? []
    list.push(candidate)
    byShape.set(shape, list)
  }
  for (const list of byShape.values()) list.sort(mostExactFirst)

  return {
    all: candidates.map((candidate) => candidate.operation),
    at: (method, url) => {
      const query = url.indexOf("?")
      const path = query === -1 ? url : url.slice(0, query)
      if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return undefined
      const segments = (path.slice(API_PREFIX.length) || "/").split("/").slice(1)
      return byShape.get(`${method} ${segments.length}`)?.find((candidate) => fits(candidate.template, segments))?.operation
    }
  }
}
