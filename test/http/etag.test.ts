import { describe, expect, it } from "vitest"
import { contentTag, ifNoneMatch, parseIfNoneMatch } from "../../adapters/http/src/etag.js"

describe("contentTag", () => {
  it("is a strong tag naming the revision, the same for the same read", () => {
    const tag = contentTag("rev123", ["page", "intro", true], "http://q.test")
    expect(tag).toMatch(/^"rev123\.[A-Za-z0-9_-]{22}"$/)
    expect(contentTag("rev123", ["page", "intro", true], "http://q.test")).toBe(tag)
  })

  it("differs with the revision, with anything asked, and with the public URL", () => {
    const base = contentTag("rev1", ["files", 0, 50], "http://q.test")
    const others = [
      contentTag("rev2", ["files", 0, 50], "http://q.test"),
      contentTag("rev1", ["files", 50, 50], "http://q.test"),
      contentTag("rev1", ["files", 0, 10], "http://q.test"),
      contentTag("rev1", ["file", 0, 50], "http://q.test"),
      contentTag("rev1", ["files", 0, 50], "https://docs.test")
    ]
    expect(new Set([base, ...others]).size).toBe(6)
    // Parts cannot run into each other: ["a", "b"] is not ["a,b"] nor ["ab"].
    expect(contentTag("r", ["a", "b"])).not.toBe(contentTag("r", ["a,b"]))
    expect(contentTag("r", ["page", "1"])).not.toBe(contentTag("r", ["page", 1]))
    expect(contentTag("r", ["page", undefined])).toBe(contentTag("r", ["page", undefined]))
  })

  it("hashes a revision id it could not write as it is, and writes only opaque-tag characters", () => {
    const tag = contentTag('we"ird id', ["page", 'a "quoted" path, with, commas'])
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(parseIfNoneMatch(tag)).toEqual([{ weak: false, opaque: tag.slice(1, -1) }])
  })
})

describe("parseIfNoneMatch", () => {
  it("reads *, one tag, weak tags and lists, with spaces and empty elements", () => {
    expect(parseIfNoneMatch("*")).toBe("*")
    expect(parseIfNoneMatch("  *\t")).toBe("*")
    expect(parseIfNoneMatch('"a"')).toEqual([{ weak: false, opaque: "a" }])
    expect(parseIfNoneMatch('W/"a"')).toEqual([{ weak: true, opaque: "a" }])
    expect(parseIfNoneMatch('"a", W/"b" ,"c"')).toEqual([
      { weak: false, opaque: "a" },
      { weak: true, opaque: "b" },
      { weak: false, opaque: "c" }
    ])
    expect(parseIfNoneMatch(' , "a",, "b" ,')).toEqual([
      { weak: false, opaque: "a" },
      { weak: false, opaque: "b" }
    ])
    expect(parseIfNoneMatch('""')).toEqual([{ weak: false, opaque: "" }])
    expect(parseIfNoneMatch("")).toEqual([])
  })

  it("keeps commas inside a tag (an opaque tag may hold them)", () => {
    expect(parseIfNoneMatch('"a,b", "c"')).toEqual([
      { weak: false, opaque: "a,b" },
      { weak: false, opaque: "c" }
    ])
  })

  it("refuses what is not a list of entity tags", () => {
    for (const header of [
      "a",
      '"a',
      '"a" "b"',
      '"a"b',
      'w/"a"',
      'W/ "a"',
      '*, "a"',
      '"a", *',
      '"a b"',
      '"a\tb"',
      '"a\u0001"',
      "W/",
      '"a",b'
    ]) {
      expect(parseIfNoneMatch(header), header).toBeUndefined()
    }
  })
})

describe("ifNoneMatch", () => {
  const tag = '"rev1.abc"'

  it("matches the same tag, weak or strong, alone or in a list", () => {
    for (const header of ['"rev1.abc"', 'W/"rev1.abc"', '"other", W/"rev1.abc"', '"x", "y", "rev1.abc"', '"a,b" ,W/"rev1.abc",']) {
      expect(ifNoneMatch(header, tag), header).toBe("matched")
    }
  })

  it("is `any` for *: the caller answers 304 only when the representation exists", () => {
    expect(ifNoneMatch("*", tag)).toBe("any")
    expect(ifNoneMatch(" * ", tag)).toBe("any")
  })

  it("does not match other tags, no header, nor a header that does not parse", () => {
    for (const header of [undefined, "", '"rev1.abd"', '"rev1"', '"REV1.ABC"', "rev1.abc", '"rev1.abc" garbage', '*, "rev1.abc"']) {
      expect(ifNoneMatch(header, tag), String(header)).toBe("unmatched")
    }
  })
})
