/**
 * The guarded fetcher against real servers on loopback that each test starts: what the allow
 * list lets through, each refusal (after DNS and on redirects), the size, time and redirect
 * caps, and credentials kept out of errors. No test sends a packet beyond loopback: private
 * and metadata addresses are refused before any connection.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "@effect/vitest"
import { emptyAllowList, Fetcher, type FetchOptions, GuardedFetcherLive, makeGuardedFetcher, parseAllowList, type Resolve } from "@quire/core"
import { ConfigProvider, Deferred, Effect, Either, Layer } from "effect"

const options: FetchOptions = { maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3 }

const allow = (text: string) => Either.getOrThrow(parseAllowList(text))

/** Starts a server on 127.0.0.1 for the test's scope; answers with `handle`. */
const serve = (handle: http.RequestListener) =>
  Effect.acquireRelease(
    Effect.async<{ readonly server: http.Server; readonly port: number; readonly base: string }>((resume) => {
      const server = http.createServer(handle)
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        resume(Effect.succeed({ server, port, base: `http://127.0.0.1:${port}` }))
      })
    }),
    ({ server }) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )

const hello: http.RequestListener = (request, response) => {
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8" })
  response.end(`hello ${request.url}`)
}

/** Made-up names for the resolver tests: each maps to the addresses given. */
const resolver =
  (names: Record<string, ReadonlyArray<string>>): Resolve =>
  async (hostname) => {
    const addresses = names[hostname]
    if (addresses === undefined) throw Object.assign(new Error(`no ${hostname}`), { code: "ENOTFOUND" })
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))
  }

const text = (body: Uint8Array) => new TextDecoder().decode(body)

describe("GuardedFetcher", () => {
  it.live("fetches from loopback when QUIRE_FETCH_ALLOW names 127.0.0.1 (read through Config)", () =>
    Effect.gen(function* () {
      const { base } = yield* serve(hello)
      const fetcher = yield* Fetcher
      const fetched = yield* fetcher.fetch(`${base}/page?x=1`, options)
      expect(fetched).toMatchObject({ url: `${base}/page?x=1`, status: 200, contentType: "text/plain; charset=utf-8" })
      expect(text(fetched.body)).toBe("hello /page?x=1")
    }).pipe(
      Effect.scoped,
      Effect.provide(GuardedFetcherLive.pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromJson({ QUIRE_FETCH_ALLOW: "10.9.0.0/16, 127.0.0.1" })))))
    )
  )

  it.live("refuses loopback without the allow list, by IP and by a name resolving to it", () =>
    Effect.gen(function* () {
      const { port } = yield* serve(hello)
      const fetcher = makeGuardedFetcher({ allow: emptyAllowList })
      for (const url of [`http://127.0.0.1:${port}/`, `http://[::1]:${port}/`, `http://localhost:${port}/`, `http://0.0.0.0:${port}/`]) {
        const error = yield* Effect.flip(fetcher.fetch(url, options))
        expect(error._tag, url).toBe("FetchRefused")
        expect(error.field).toBe("url")
        expect(error.message).toMatch(/loopback|unspecified/)
      }
    }).pipe(Effect.scoped)
  )

  it.live("refuses private, link-local, metadata, CGNAT and unique-local addresses, literal or resolved", () =>
    Effect.gen(function* () {
      const fetcher = makeGuardedFetcher({
        allow: emptyAllowList,
        resolve: resolver({
          "intranet.test": ["10.1.2.3"],
          "metadata.test": ["169.254.169.254"],
          "mixed.test": ["93.184.216.34", "192.168.1.1"],
          "mapped.test": ["::ffff:127.0.0.1"],
          "ula.test": ["fd00::1"]
        })
      })
      const urls = [
        "http://10.0.0.1/",
        "http://172.16.5.4/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.0.1/",
        "http://[fe80::1]/",
        "http://[fd00::1]/",
        "http://[::ffff:10.0.0.1]/",
        "http://[::]/",
        "http://intranet.test/",
        "http://metadata.test/",
        "http://mixed.test/",
        "http://mapped.test/",
        "http://ula.test/"
      ]
      for (const url of urls) {
        const error = yield* Effect.flip(fetcher.fetch(url, options))
        expect(error._tag, url).toBe("FetchRefused")
      }
    })
  )

  it.live("refuses a redirect to a refused address, and follows one to an allowed address", () =>
    Effect.gen(function* () {
      const target = yield* serve(hello)
      const { base } = yield* serve((request, response) => {
        const to = request.url === "/away" ? `http://127.0.0.2:${target.port}/secret` : `${target.base}/landed`
        response.writeHead(302, { location: to })
        response.end()
      })
      const fetcher = makeGuardedFetcher({ allow: allow("127.0.0.1") })
      const followed = yield* fetcher.fetch(`${base}/here`, options)
      expect(followed.url).toBe(`${target.base}/landed`)
      expect(text(followed.body)).toBe("hello /landed")
      const error = yield* Effect.flip(fetcher.fetch(`${base}/away`, options))
      expect(error._tag).toBe("FetchRefused")
      expect(error.message).toContain("redirects to")
    }).pipe(Effect.scoped)
  )

  it.live("a redirect to a name resolving to a refused address is refused after DNS", () =>
    Effect.gen(function* () {
      const { base } = yield* serve((_request, response) => {
        response.writeHead(301, { location: "http://metadata.test/latest/meta-data/" })
        response.end()
      })
      const fetcher = makeGuardedFetcher({
        allow: allow("127.0.0.1"),
        resolve: resolver({ "metadata.test": ["169.254.169.254"] })
      })
      const error = yield* Effect.flip(fetcher.fetch(base, options))
      expect(error._tag).toBe("FetchRefused")
      expect(error.message).toContain("linkLocal")
    }).pipe(Effect.scoped)
  )

  it.live("a host name in the allow list lets it reach what it resolves to", () =>
    Effect.gen(function* () {
      const { port } = yield* serve(hello)
      const names = resolver({ "docs.test": ["127.0.0.1"] })
      const refused = yield* Effect.flip(makeGuardedFetcher({ allow: emptyAllowList, resolve: names }).fetch(`http://docs.test:${port}/`, options))
      expect(refused._tag).toBe("FetchRefused")
      const fetched = yield* makeGuardedFetcher({ allow: allow("docs.test"), resolve: names }).fetch(`http://docs.test:${port}/a`, options)
      expect(text(fetched.body)).toBe("hello /a")
    }).pipe(Effect.scoped)
  )

  it.live("refuses other schemes and text that is not a URL", () =>
    Effect.gen(function* () {
      const fetcher = makeGuardedFetcher({ allow: allow("127.0.0.1") })
      for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/", "/relative", "not a url"]) {
        const error = yield* Effect.flip(fetcher.fetch(url, options))
        expect(error._tag, url).toBe("FetchRefused")
      }
    })
  )

  it.live("a 200 MB download is refused from its Content-Length, before reading it", () =>
    Effect.gen(function* () {
      let written = 0
      const { base } = yield* serve((_request, response) => {
        response.writeHead(200, { "content-length": String(200 * 1024 * 1024) })
        const chunk = Buffer.alloc(64 * 1024)
        const write = () => {
          while (!response.destroyed && written < 200 * 1024 * 1024) {
            written += chunk.length
            if (!response.write(chunk)) return response.once("drain", write)
          }
        }
        write()
      })
      const error = yield* Effect.flip(makeGuardedFetcher({ allow: allow("127.0.0.1") }).fetch(base, options))
      expect(error).toMatchObject({ _tag: "FetchFailed", reason: "tooLarge" })
      expect(written).toBeLessThan(50 * 1024 * 1024)
    }).pipe(Effect.scoped)
  )

  it.live("a 200 MB stream without a length is cut once past the cap", () =>
    Effect.gen(function* () {
      let written = 0
      const closed = yield* Deferred.make<void>()
      const { base } = yield* serve((_request, response) => {
        response.writeHead(200, { "content-type": "application/octet-stream" })
        response.on("close", () => Deferred.unsafeDone(closed, Effect.void))
        const chunk = Buffer.alloc(64 * 1024)
        const write = () => {
          while (!response.destroyed && written < 200 * 1024 * 1024) {
            written += chunk.length
            if (!response.write(chunk)) return response.once("drain", write)
          }
          response.end()
        }
        write()
      })
      const error = yield* Effect.flip(makeGuardedFetcher({ allow: allow("127.0.0.1") }).fetch(base, options))
      expect(error).toMatchObject({ _tag: "FetchFailed", reason: "tooLarge" })
      yield* Deferred.await(closed)
      expect(written).toBeLessThan(50 * 1024 * 1024)
    }).pipe(Effect.scoped)
  )

  it.live("a server that never finishes its answer times out", () =>
    Effect.gen(function* () {
      const { base } = yield* serve((_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" })
        response.write("a start, and nothing more")
      })
      const error = yield* Effect.flip(makeGuardedFetcher({ allow: allow("127.0.0.1") }).fetch(base, { ...options, timeoutMs: 300 }))
      expect(error).toMatchObject({ _tag: "FetchFailed", reason: "timeout" })
    }).pipe(Effect.scoped)
  )

  it.live("a redirect loop fails after maxRedirects", () =>
    Effect.gen(function* () {
      let requests = 0
      const { base } = yield* serve((request, response) => {
        requests++
        response.writeHead(307, { location: request.url === "/a" ? "/b" : "/a" })
        response.end()
      })
      const error = yield* Effect.flip(makeGuardedFetcher({ allow: allow("127.0.0.1") }).fetch(`${base}/a`, options))
      expect(error).toMatchObject({ _tag: "FetchFailed", reason: "tooManyRedirects" })
      expect(requests).toBe(options.maxRedirects + 1)
    }).pipe(Effect.scoped)
  )

  it.live("an unreachable port fails unreachable", () =>
    Effect.gen(function* () {
      const { server, base } = yield* serve(hello)
      yield* Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
      const error = yield* Effect.flip(makeGuardedFetcher({ allow: allow("127.0.0.1") }).fetch(base, options))
      expect(error).toMatchObject({ _tag: "FetchFailed", reason: "unreachable" })
    }).pipe(Effect.scoped)
  )

  it.live("credentials go as basic auth to the same origin and never into an error message", () =>
    Effect.gen(function* () {
      const seen: Array<string | undefined> = []
      const other = yield* serve((request, response) => {
        seen.push(request.headers.authorization)
        response.writeHead(302, { location: request.url === "/loop" ? "/loop" : "/" })
        response.end()
      })
      const { port } = yield* serve((request, response) => {
        seen.push(request.headers.authorization)
        if (request.url === "/elsewhere") response.writeHead(302, { location: `${other.base}/x` })
        else response.writeHead(200)
        response.end("ok")
      })
      const fetcher = makeGuardedFetcher({ allow: allow("127.0.0.1, localhost") })
      const fetched = yield* fetcher.fetch(`http://alice:s3cr%40t@127.0.0.1:${port}/`, options)
      expect(fetched.url).toBe(`http://127.0.0.1:${port}/`)
      expect(seen.shift()).toBe(`Basic ${Buffer.from("alice:s3cr@t").toString("base64")}`)
      yield* Effect.flip(fetcher.fetch(`http://alice:s3cr%40t@127.0.0.1:${port}/elsewhere`, { ...options, maxRedirects: 2 }))
      expect(seen.slice(1)).toEqual([undefined, undefined])
      const failures = [
        yield* Effect.flip(fetcher.fetch(`http://alice:s3cr%40t@127.0.0.1:${other.port}/loop`, options)),
        yield* Effect.flip(makeGuardedFetcher({ allow: emptyAllowList }).fetch(`http://alice:s3cr%40t@127.0.0.1:${port}/`, options)),
        yield* Effect.flip(fetcher.fetch(`http://alice:s3cr%40t@127.0.0.1:1/`, options))
      ]
      for (const failure of failures) {
        expect(failure.message).not.toMatch(/s3cr|alice/)
        expect(JSON.stringify(failure)).not.toMatch(/s3cr|alice/)
      }
    }).pipe(Effect.scoped)
  )
})
