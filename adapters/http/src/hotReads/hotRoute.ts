import type { HttpApiEndpoint } from "@effect/platform"
import { Option, Schema } from "effect"
import { boundedMemo } from "../boundedMemo.js"

/** What a hot route read off a request's URL: the endpoint's path and query parameters, decoded by its own schemas. */
export interface HotRequestParts {
  readonly path: unknown
  readonly urlParams: unknown
}

/**
 * Characters a hot route takes in a path parameter or a query key or value as they are. Anything
 * else (`%`-escapes, `+`, dots, empty values) is left to the API's router, which decodes it.
 */
const PLAIN = "[A-Za-z0-9_~-]+"
const plain = new RegExp(`^${PLAIN}$`)
/**
 * A query value as a client escapes text (`encodeURIComponent`, or a form's `+` for a space):
 * taken by a route that reads typed text (search), decoded as the router decodes it.
 */
const escaped = /^[A-Za-z0-9_~.!*'()%+-]+$/

/** An escaped query value as the router reads it (`+` a space, `%XX` UTF-8); undefined when it is not valid UTF-8. */
const decodeEscaped = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value.replaceAll("+", " "))
  } catch {
    return undefined
  }
}

export interface HotRouteOptions {
  /**
   * Query values may be escaped text (see `escaped`), decoded before the endpoint's schema reads
   * them; keys stay plain. Default: values are plain, and anything escaped is left to the API.
   */
  readonly escapedValues?: boolean
}

/** How many decoded query texts a hot route keeps, and the longest it keeps. */
const MAX_REMEMBERED_QUERIES = 64
const MAX_REMEMBERED_QUERY = 256

/**
 * Matches the URLs of `endpoint` (a GET with path and query parameters only) in their plainest
 * form: each path parameter and each query key and value plain text (see `PLAIN`; a value may be
 * escaped text with `options.escapedValues`), no key twice.
 * For such a URL the API's router finds the same endpoint with the same strings (it has nothing
 * to decode), so decoding them with the endpoint's own schemas gives what its handler would get.
 * Undefined for any other URL, or when a schema refuses a value: the API answers those.
 */
export const compileHotRoute = (endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps, options: HotRouteOptions = {}) => {
  if (endpoint.method !== "GET" || Option.isSome(endpoint.payloadSchema) || Option.isSome(endpoint.headersSchema)) {
    throw new Error(`${endpoint.name}: only a GET read without payload or headers can be a hot route`)
  }
  const names: Array<string> = []
  const segments = endpoint.path.split("/").map((segment) => {
    if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    names.push(segment.slice(1))
    return `(${PLAIN})`
  })
  const pattern = new RegExp(`^${segments.join("/")}(?:\\?(.+))?$`)
  const decodePath = Option.map(endpoint.pathSchema, (schema) => Schema.decodeUnknownOption(schema as Schema.Schema<unknown, unknown>))
  const decodeQuery = Option.map(endpoint.urlParamsSchema, (schema) =>
    Schema.decodeUnknownOption(schema as Schema.Schema<unknown, unknown>)
  )

  const query = (text: string | undefined): Record<string, string> | undefined => {
    // No prototype: a key such as `constructor` or `__proto__` is only ever the client's own.
    const out: Record<string, string> = Object.create(null)
    if (text === undefined) return out
    for (const pair of text.split("&")) {
      const equals = pair.indexOf("=")
      if (equals < 0) return undefined
      const key = pair.slice(0, equals)
      const raw = pair.slice(equals + 1)
      if (!plain.test(key) || key in out) return undefined
      const value = plain.test(raw) ? raw : options.escapedValues === true && escaped.test(raw) ? decodeEscaped(raw) : undefined
      if (value === undefined) return undefined
      out[key] = value
    }
    return out
  }

  /** What a query text decodes to; null when it is refused (left to the API). */
  const decodeUrlParams = (text: string | undefined): { readonly urlParams: unknown } | null => {
    const raw = query(text)
    if (raw === undefined) return null
    // Without a query schema the router passes no query on: any query is refused here, left to it.
    if (Option.isNone(decodeQuery)) return Object.keys(raw).length === 0 ? { urlParams: undefined } : null
    const urlParams = decodeQuery.value(raw)
    return Option.isNone(urlParams) ? null : { urlParams: urlParams.value }
  }
  // Decoded query texts, remembered: a hot route sees few different ones (`format=markdown`), and
  // decoding one each time was ~12% of a page read's server CPU. The pattern's query group is
  // absent or not empty, so "" stands for absent.
  const urlParamsOf = boundedMemo((text: string) => decodeUrlParams(text === "" ? undefined : text), {
    maxEntries: MAX_REMEMBERED_QUERIES,
    maxKeyLength: MAX_REMEMBERED_QUERY
  })

  return (url: string): HotRequestParts | undefined => {
    const found = pattern.exec(url)
    if (found === null) return undefined
    const query = urlParamsOf(found[names.length + 1] ?? "")
    if (query === null) return undefined
    const params: Record<string, string> = {}
    names.forEach((name, i) => {
      params[name] = found[i + 1]!
    })
    const path = Option.isSome(decodePath) ? decodePath.value(params) : Option.some(undefined)
    if (Option.isNone(path)) return undefined
    return { path: path.value, urlParams: query.urlParams }
  }
}
