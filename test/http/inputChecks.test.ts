import { describe, expect, it } from "vitest"
import { shortMessage } from "../../adapters/http/src/errorMessage.js"
import { nestsDeeperThan } from "../../adapters/http/src/input/jsonDepth.js"
import { isJsonMediaType } from "../../adapters/http/src/input/mediaType.js"
import { findUnsafeText } from "../../adapters/http/src/input/unsafeText.js"

/** The pure checks behind the limits on input, on the cases the server tests do not reach. */
describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false)
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true)
    expect(nestsDeeperThan(`{"a":"${"[".repeat(100)}"}`, 1)).toBe(false)
    expect(nestsDeeperThan(`["\\"[[[", ["\\\\"], "x"]`, 2)).toBe(false)
    expect(nestsDeeperThan(`["\\\\", [[1]]]`, 2)).toBe(true)
  })

  it("answers for any depth without recursion, and for text that is not JSON", () => {
    expect(nestsDeeperThan("[".repeat(1_000_000), 64)).toBe(true)
    expect(nestsDeeperThan('["unterminated', 64)).toBe(false)
  })
})

describe("findUnsafeText", () => {
  it("names the first string with a NUL or an unpaired surrogate, keys included", () => {
    expect(findUnsafeText({ title: "ok", add: ["a", "b\u0000"] })).toEqual({ field: "add[1]", rule: expect.stringMatching(/NUL/) })
    expect(findUnsafeText({ a: { b: "\udc00x" } })).toEqual({ field: "a.b", rule: expect.stringMatching(/surrogate/) })
    expect(findUnsafeText({ a: { "k\u0000": 1 } })).toEqual({ field: "a", rule: expect.stringMatching(/^property names .*NUL/) })
    expect(findUnsafeText("\ud800")).toEqual({ field: "body", rule: expect.stringMatching(/surrogate/) })
    expect(findUnsafeText({ emoji: "😀", n: 1, z: null, t: true })).toBeUndefined()
  })
})

describe("isJsonMediaType", () => {
  it("takes JSON and +json, in any case, with UTF-8 or no charset", () => {
    for (const type of ["application/json", "Application/JSON ; charset=UTF-8", 'application/json;charset="utf-8"', "application/merge-patch+json"]) {
      expect(isJsonMediaType(type), type).toBe(true)
    }
    for (const type of [undefined, "", "text/json", "text/plain; x=application/json", "application/json; charset=latin1", "multipart/form-data"]) {
      expect(isJsonMediaType(type), String(type)).toBe(false)
    }
  })
})

describe("shortMessage", () => {
  it("cuts every quoted value to 64 characters and keeps the rest of the message", () => {
    const long = "v".repeat(1_000_000)
    expect(shortMessage(`Invalid value for "add[0]": "${long}" is not a member of this organization`)).toBe(
      `Invalid value for "add[0]": "${"v".repeat(64)}…" is not a member of this organization`
    )
    expect(shortMessage(`Expected "a" | "b", actual "x\\"${long}"`)).toBe(`Expected "a" | "b", actual "x\\"${"v".repeat(61)}…"`)
    expect(shortMessage('Invalid value for "title": must be at most 255 characters')).toBe(
      'Invalid value for "title": must be at most 255 characters'
    )
  })

  it("cuts any message to 1024 characters, without splitting a surrogate pair", () => {
    expect(shortMessage("x".repeat(5000))).toBe(`${"x".repeat(1024)}…`)
    expect(shortMessage(`"a${"😀".repeat(100)}"`)).toBe(`"a${"😀".repeat(31)}…"`)
    expect(shortMessage(`${'""'.repeat(1_000_000)}`).length).toBeLessThanOrEqual(1025)
  })
})
