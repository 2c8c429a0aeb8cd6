/** The fetcher's address rules and `QUIRE_FETCH_ALLOW`'s syntax, as pure functions. */
import { describe, expect, it } from "@effect/vitest"
import { allows, Fetcher, GuardedFetcherLive, parseAllowList, refusedRange } from "@quire/core"
import { ConfigProvider, Effect, Either, Layer } from "effect"

describe("refusedRange", () => {
  it("refuses every non-public address, IPv4 and IPv6", () => {
    const refused = [
      "0.0.0.0",
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "255.255.255.255",
      "224.0.0.1",
      "::",
      "::1",
      "fd00::1",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      "2001:0:4136:e378::1"
    ]
    for (const address of refused) expect(refusedRange(address), address).toBeDefined()
  })

  it("lets public unicast addresses through, IPv4-mapped and NAT64 ones by the IPv4 they carry", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]) {
      expect(refusedRange(address), address).toBeUndefined()
    }
  })
})

describe("QUIRE_FETCH_ALLOW", () => {
  const list = Either.getOrThrow(parseAllowList(" 127.0.0.1, ::1 ,10.0.0.0/8, Docs.Internal., ::ffff:192.168.0.0/112,, "))

  it("reads hosts, addresses and CIDR ranges, ignoring blanks and case", () => {
    expect([...list.hosts]).toEqual(["docs.internal"])
    expect(list.ranges).toHaveLength(4)
  })

  it("allows what it names and nothing else", () => {
    expect(allows(list, "x.test", "127.0.0.1")).toBe(true)
    expect(allows(list, "x.test", "::ffff:127.0.0.1")).toBe(true)
    expect(allows(list, "x.test", "127.0.0.2")).toBe(false)
    expect(allows(list, "x.test", "::1")).toBe(true)
    expect(allows(list, "x.test", "10.200.3.4")).toBe(true)
    expect(allows(list, "x.test", "192.168.7.7")).toBe(true)
    expect(allows(list, "x.test", "192.169.0.1")).toBe(false)
    expect(allows(list, "docs.internal", "172.16.0.1")).toBe(true)
    expect(allows(list, "DOCS.internal.", undefined)).toBe(true)
    expect(allows(list, "other.internal", "172.16.0.1")).toBe(false)
  })

  it("refuses an entry that is none of the three, naming it", () => {
    for (const bad of ["10.0.0.0/33", "http://x", "a b", "1.2.3.4/x", "::1/129"]) {
      const read = parseAllowList(`127.0.0.1,${bad}`)
      expect(Either.isLeft(read), bad).toBe(true)
      if (Either.isLeft(read)) expect(read.left).toContain(bad)
    }
  })
})

describe("GuardedFetcherLive", () => {
  it.effect("fails to build on a QUIRE_FETCH_ALLOW entry it cannot read, naming it", () =>
    Effect.gen(function* () {
      const config = Layer.setConfigProvider(ConfigProvider.fromJson({ QUIRE_FETCH_ALLOW: "127.0.0.1, 10.0.0.0/99" }))
      const error = yield* Effect.flip(Effect.provide(Fetcher, GuardedFetcherLive.pipe(Layer.provide(config))))
      expect(String(error)).toContain("10.0.0.0/99")
    })
  )

  it.effect("builds without QUIRE_FETCH_ALLOW (nothing refused is allowed)", () =>
    Effect.gen(function* () {
      const fetcher = yield* Effect.provide(Fetcher, GuardedFetcherLive.pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromJson({})))))
      const error = yield* Effect.flip(fetcher.fetch("http://127.0.0.1:1/", { maxBytes: 10, timeoutMs: 1_000, maxRedirects: 0 }))
      expect(error._tag).toBe("FetchRefused")
    })
  )
})
