import { describe, expect, it } from "@effect/vitest"
import { addressKey } from "../../adapters/http/src/clientAddress.js"
import { FixedWindows } from "../../adapters/http/src/FixedWindows.js"

describe("FixedWindows", () => {
  it("allows `limit` events per window, then answers the time left in it", () => {
    const windows = new FixedWindows(3, 60_000)
    expect([windows.hit("a", 0), windows.hit("a", 1_000), windows.hit("a", 2_000)]).toEqual([0, 0, 0])
    expect(windows.hit("a", 10_000)).toBe(50_000)
    expect(windows.waitFor("a", 59_000)).toBe(1_000)
    expect(windows.hit("b", 10_000)).toBe(0)
    expect(windows.hit("a", 60_000)).toBe(0)
  })

  it("waitFor counts nothing and answers once the budget is used", () => {
    const windows = new FixedWindows(2, 1_000)
    expect(windows.waitFor("a", 0)).toBe(0)
    windows.hit("a", 0)
    expect(windows.waitFor("a", 0)).toBe(0)
    windows.hit("a", 100)
    expect(windows.waitFor("a", 100)).toBe(900)
  })

  it("drops idle keys once their window has passed, without timers", () => {
    const windows = new FixedWindows(5, 60_000)
    for (let n = 0; n < 1_000; n++) windows.hit(`idle${n}`, n)
    windows.hit("busy", 59_000)
    expect(windows.size).toBe(1_001)
    windows.hit("busy", 61_000)
    expect(windows.size).toBe(1)
  })

  it("keeps at most maxKeys keys, dropping the oldest window", () => {
    const windows = new FixedWindows(1, 60_000, 3)
    for (const key of ["a", "b", "c", "d"]) windows.hit(key, 0)
    expect(windows.size).toBe(3)
    expect(windows.hit("a", 0)).toBe(0)
    expect(windows.hit("d", 0)).toBe(60_000)
  })

  it("a clock set back closes the window instead of stretching it", () => {
    const windows = new FixedWindows(1, 60_000)
    windows.hit("a", 1_000_000)
    expect(windows.waitFor("a", 1_000_000)).toBe(60_000)
    expect(windows.hit("a", 0)).toBe(0)
  })

  it("a limit of 0 counts nothing", () => {
    const windows = new FixedWindows(0, 60_000)
    for (let n = 0; n < 100; n++) expect(windows.hit("a", n)).toBe(0)
    expect(windows.size).toBe(0)
  })
})

describe("addressKey", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7")
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7")
  })

  it("counts an IPv6 address as its /64, however it is written", () => {
    expect(addressKey("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64")
    expect(addressKey("2001:0DB8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64")
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    expect(addressKey("::1")).toBe("0:0:0:0::/64")
    expect(addressKey("2001:db8:0:2::5")).not.toBe(addressKey("2001:db8:0:1::5"))
  })
})
