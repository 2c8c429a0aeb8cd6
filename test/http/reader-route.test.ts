import { locatePath, type ReaderSection, type ReaderSite } from "@quire/core"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { readerRoute } from "../../adapters/http/src/reader/readerRoute.js"
import { credentialsOf } from "../../adapters/http/src/reader/visitorCookies.js"

const publicUrl = new URL("https://docs.example.com/quire")

describe("readerRoute", () => {
  it("takes /sites/<organization>/<basename>/<path> on the public host", () => {
    const route = readerRoute(publicUrl, "docs.example.com", "/sites/org1/guide/a/b?share=k")!
    expect(route.location).toEqual({ organizationId: "org1", basename: "guide" })
    expect(route.base).toBe("https://docs.example.com/quire/sites/org1/guide")
    expect(route.sitePath).toBe("/quire/sites/org1/guide")
    expect(route.rest).toBe("a/b")
    expect(route.query.get("share")).toBe("k")
  })

  it("takes any path on a subdomain of the public host as <basename>/<path>", () => {
    const route = readerRoute(publicUrl, "ACME.docs.example.com", "/guide/page%20one")!
    expect(route.location).toEqual({ hostname: "acme", basename: "guide" })
    expect(route.base).toBe("https://acme.docs.example.com/quire/guide")
    expect(route.rest).toBe("page one")
  })

  it("leaves the API, other hosts and malformed addresses alone", () => {
    expect(readerRoute(publicUrl, "docs.example.com", "/v1/user")).toBeUndefined()
    expect(readerRoute(publicUrl, "docs.example.com", "/sites/only-org")).toBeUndefined()
    expect(readerRoute(publicUrl, "evil.com", "/guide")).toBeUndefined()
    expect(readerRoute(publicUrl, "a.b.docs.example.com", "/guide")).toBeUndefined()
    expect(readerRoute(publicUrl, "x\"<.docs.example.com", "/guide")).toBeUndefined()
    expect(readerRoute(publicUrl, "docs.example.com", "/sites/%E0%A4%A/guide")).toBeUndefined()
  })

  it("never throws, and a route's base is always on the public URL's scheme, without markup characters", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.string(), (host, path) => {
        const route = readerRoute(publicUrl, host ?? undefined, path)
        if (route !== undefined) {
          expect(route.base.startsWith("https://")).toBe(true)
          expect(route.base).not.toMatch(/[\s"'<>]/)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it("a link's credentials win over the cookies'", () => {
    const query = new URLSearchParams("share=fromLink")
    expect(credentialsOf(query, "quire_share=fromCookie; quire_visitor=t%20k")).toEqual({ shareKey: "fromLink", visitorToken: "t k" })
    expect(credentialsOf(new URLSearchParams(), "quire_share=%E0%A4%A")).toEqual({ shareKey: undefined, visitorToken: undefined })
  })
})

const siteSpace = (id: string, urlPath: string, segment: string, isDefault: boolean) =>
  ({ id, spaceId: `space-${id}`, revisionId: `rev-${id}`, title: id, urlPath, segment, isDefault }) as ReaderSection["siteSpaces"][number]

/** A site of sections `names` (the first the default), each with site spaces `variants` (the first the default). */
const siteOf = (names: ReadonlyArray<string>, variants: ReadonlyArray<string>): ReaderSite => ({
  site: {} as ReaderSite["site"],
  url: "https://x/sites/o/b",
  version: "v",
  sections: names.map((name, i) => {
    const sectionPath = i === 0 ? "" : name
    return {
      id: name as ReaderSection["id"],
      title: name,
      urlPath: sectionPath,
      isDefault: i === 0,
      siteSpaces: variants.map((v, j) => siteSpace(`${name}/${v}`, [sectionPath, j === 0 ? "" : v].filter((p) => p !== "").join("/"), j === 0 ? "" : v, j === 0))
    }
  })
})

const segment = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/)

describe("locatePath", () => {
  it("every site space's address leads to it, with the page path after it", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(segment, { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(segment, { minLength: 1, maxLength: 3 }),
        fc.array(fc.stringMatching(/^p[a-z0-9]{0,5}$/), { maxLength: 3 }),
        (sections, variants, page) => {
          // A section or site space wins over a page of the same path (documented): not this property's case.
          fc.pre(!page.some((p) => sections.includes(p) || variants.includes(p)))
          // A section named as a variant of the default section shares its address: the section wins (below).
          fc.pre(!sections.slice(1).some((name) => variants.slice(1).includes(name)))
          const site = siteOf(sections, variants)
          for (const section of site.sections) {
            for (const s of section.siteSpaces) {
              const located = locatePath(site, [s.urlPath, ...page].filter((p) => p !== "").join("/"))!
              expect(located.section.id).toBe(section.id)
              expect(located.siteSpace.id).toBe(s.id)
              expect(located.pagePath).toBe(page.join("/"))
            }
          }
        }
      ),
      { numRuns: 300 }
    )
  })

  it("a section or site space wins over a page of the same path", () => {
    const site = siteOf(["docs", "api"], ["v1", "v2"])
    expect(locatePath(site, "api")!.siteSpace.id).toBe("api/v1")
    expect(locatePath(site, "v2/api")).toMatchObject({ pagePath: "api", siteSpace: { id: "docs/v2" } })
    expect(locatePath(site, "api/v2/v1")).toMatchObject({ pagePath: "v1", siteSpace: { id: "api/v2" } })
    // A section and a variant of the default section at one address: the section.
    const same = siteOf(["docs", "v2"], ["v1", "v2"])
    expect(locatePath(same, "v2")!.siteSpace.id).toBe("v2/v1")
  })

  it("a site that shows nothing locates nothing", () => {
    expect(locatePath({ ...siteOf(["a"], ["b"]), sections: [] }, "a")).toBeUndefined()
  })
})
