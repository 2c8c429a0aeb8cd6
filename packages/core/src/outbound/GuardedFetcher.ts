import http from "node:http"
import https from "node:https"
import type { LookupFunction } from "node:net"
import { Config, ConfigError, Duration, Effect, Either, Layer } from "effect"
import { literalAddress } from "./addressPolicy.js"
import { type AllowList, parseAllowList } from "./allowList.js"
import { type Fetched, Fetcher, type FetchOptions } from "./Fetcher.js"
import { FetchFailed, FetchRefused } from "./fetchErrors.js"
import { AddressRefused, guardedLookup, type Resolve, refusal, systemResolve } from "./guardedLookup.js"
import { parseUrl, redactUrl, withoutCredentials } from "./redactUrl.js"

export interface GuardedFetcherOptions {
  readonly allow: AllowList
  /** The resolver; tests pass one that maps made-up names to chosen addresses. */
  readonly resolve?: Resolve
}

const redirectStatuses = new Set([301, 302, 303, 307, 308])

type Hop =
  | { readonly _tag: "Answer"; readonly fetched: Fetched }
  | { readonly _tag: "Redirect"; readonly location: string; readonly status: number }

/** What a hop sends: a 301, 302 or 303 turns a POST into a GET without body; 307 and 308 keep both. */
interface Outgoing {
  readonly method: "GET" | "POST"
  readonly body: Uint8Array | undefined
}

const afterRedirect = (outgoing: Outgoing, status: number): Outgoing =>
  status === 307 || status === 308 ? outgoing : { method: "GET", body: undefined }

const headersOf = (raw: http.IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return out
}

const httpUrl = (text: string, field: string, what: string) => {
  const url = parseUrl(text)
  if (url === undefined) return Effect.fail(FetchRefused.of(`${what} is not an absolute URL`, field))
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Effect.fail(FetchRefused.of(`${what} uses ${url.protocol.slice(0, -1)}; only http and https are fetched`, field))
  }
  return Effect.succeed(url)
}

const resolveLocation = (location: string, base: URL): string => {
  try {
    return new URL(location, base).href
  } catch {
    return location
  }
}

const basicAuth = (url: URL): string | undefined =>
  url.username === "" && url.password === ""
    ? undefined
    : `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`

/**
 * The caller's headers and the URL's basic auth for one hop. Credentials (the URL's and a
 * caller's `Authorization`) go to the first origin only, never past a redirect to another.
 */
const hopHeaders = (headers: Readonly<Record<string, string>> | undefined, sameOrigin: boolean, authorization: string | undefined) => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase()
    if (sameOrigin || lower !== "authorization") out[lower] = value
  }
  if (sameOrigin && authorization !== undefined && out.authorization === undefined) out.authorization = authorization
  return out
}

const refusedMessage = (shown: string, range: string, hop: number) =>
  `${hop === 0 ? `${shown} leads` : `the URL redirects to ${shown}, which leads`} to a ${range} address, which Quire does not fetch (QUIRE_FETCH_ALLOW can allow it)`

/**
 * The `Fetcher` that guards every outbound request: only http(s); every address a host resolves to
 * checked before connecting, on the first request and on every redirect (followed by hand);
 * IP literals checked as written (Node does not look them up); a fresh connection each time
 * (no pooled socket skips a check); the body read as a stream and cut past `maxBytes`; one
 * timeout over the whole fetch. Credentials in the URL are sent as basic auth while the origin
 * stays the same, and never appear in an error.
 */
export const makeGuardedFetcher = (options: GuardedFetcherOptions): typeof Fetcher.Service => {
  const lookup = guardedLookup(options.resolve ?? systemResolve, options.allow)

  const checkLiteral = (url: URL, hop: number) => {
    const address = literalAddress(url.hostname)
    const range = address === undefined ? undefined : refusal(options.allow, url.hostname, address)
    return range === undefined ? Effect.void : Effect.fail(FetchRefused.of(refusedMessage(redactUrl(url), range, hop)))
  }

  const requestOnce = (url: URL, headers: Record<string, string>, outgoing: Outgoing, fetchOptions: FetchOptions, hop: number) =>
    Effect.async<Hop, FetchRefused | FetchFailed>((resume) => {
      const shown = redactUrl(url)
      let settled = false
      const settle = (result: Effect.Effect<Hop, FetchRefused | FetchFailed>) => {
        if (settled) return
        settled = true
        request.destroy()
        resume(result)
      }
      const tooLarge = () =>
        settle(Effect.fail(FetchFailed.of("tooLarge", `${shown} is larger than ${fetchOptions.maxBytes} bytes, the most Quire reads`)))
      const client = url.protocol === "https:" ? https : http
      const request = client.request(withoutCredentials(url), {
        method: outgoing.method,
        agent: false,
        lookup: lookup as LookupFunction,
        headers: {
          "accept-encoding": "identity",
          "user-agent": "Quire",
          ...(fetchOptions.accept === undefined ? {} : { accept: fetchOptions.accept }),
          ...headers,
          ...(outgoing.body === undefined ? {} : { "content-length": String(outgoing.body.length) })
        }
      })
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (error instanceof AddressRefused) return settle(Effect.fail(FetchRefused.of(refusedMessage(shown, error.range, hop))))
        settle(Effect.fail(FetchFailed.of("unreachable", `could not read ${shown}: ${error.code ?? "the connection failed"}`)))
      })
      request.on("response", (response) => {
        const status = response.statusCode ?? 0
        const location = response.headers.location
        if (redirectStatuses.has(status) && location !== undefined) return settle(Effect.succeed({ _tag: "Redirect", location, status }))
        const declared = Number(response.headers["content-length"])
        if (Number.isFinite(declared) && declared > fetchOptions.maxBytes) return tooLarge()
        const chunks: Array<Buffer> = []
        let size = 0
        response.on("data", (chunk: Buffer) => {
          size += chunk.length
          if (size > fetchOptions.maxBytes) tooLarge()
          else chunks.push(chunk)
        })
        response.on("end", () => {
          const body = Buffer.concat(chunks)
          const contentType = response.headers["content-type"]
          settle(
            Effect.succeed({
              _tag: "Answer",
              fetched: {
                url: withoutCredentials(url),
                status,
                contentType,
                headers: headersOf(response.headers),
                body: new Uint8Array(body.buffer, body.byteOffset, body.length)
              }
            })
          )
        })
        response.on("close", () => {
          if (!response.complete) settle(Effect.fail(FetchFailed.of("unreachable", `${shown} closed the connection before the end of its body`)))
        })
      })
      request.end(outgoing.body === undefined ? undefined : Buffer.from(outgoing.body.buffer, outgoing.body.byteOffset, outgoing.body.length))
      return Effect.sync(() => request.destroy())
    })

  const fetch = (text: string, fetchOptions: FetchOptions) =>
    Effect.gen(function* () {
      let url = yield* httpUrl(text, "url", "the URL")
      const origin = url.origin
      const authorization = basicAuth(url)
      let outgoing: Outgoing = { method: fetchOptions.method ?? "GET", body: fetchOptions.body }
      for (let hop = 0; ; hop++) {
        yield* checkLiteral(url, hop)
        const answer = yield* requestOnce(url, hopHeaders(fetchOptions.headers, url.origin === origin, authorization), outgoing, fetchOptions, hop)
        if (answer._tag === "Answer") return answer.fetched
        if (hop >= fetchOptions.maxRedirects) {
          return yield* FetchFailed.of("tooManyRedirects", `${redactUrl(text)} redirects more than ${fetchOptions.maxRedirects} times`)
        }
        url = yield* httpUrl(resolveLocation(answer.location, url), "url", `a redirect of ${redactUrl(text)}`)
        outgoing = afterRedirect(outgoing, answer.status)
      }
    }).pipe(
      Effect.timeoutFail({
        duration: Duration.millis(fetchOptions.timeoutMs),
        onTimeout: () => FetchFailed.of("timeout", `${redactUrl(text)} did not answer in full within ${fetchOptions.timeoutMs} ms`)
      })
    )

  return { fetch }
}

/** `QUIRE_FETCH_ALLOW`: the hosts, IPs and CIDR ranges the fetcher may reach although refused. */
export const fetchAllowConfig: Config.Config<AllowList> = Config.string("QUIRE_FETCH_ALLOW").pipe(
  Config.withDefault(""),
  Config.mapOrFail((text) => Either.mapLeft(parseAllowList(text), (rule) => ConfigError.InvalidData([], rule)))
)

/** The guarded fetcher, allowed what `QUIRE_FETCH_ALLOW` names. */
export const GuardedFetcherLive = Layer.effect(
  Fetcher,
  Effect.map(fetchAllowConfig, (allow) => makeGuardedFetcher({ allow }))
)
