import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { unservedOperations } from "@quire/http"
import { describe, expect, it } from "vitest"
import { operationsOfSpec, pinnedSpec } from "../support/officialOperationsModule.js"

/**
 * Which official operation a request no route took names, for an API that serves only
 * `GET /v1/spaces/:id` (the official getSpaceById, its parameter named otherwise).
 */
const api = HttpApi.make("tiny")
  .add(HttpApiGroup.make("spaces").add(HttpApiEndpoint.get("getSpaceById", "/spaces/:id")))
  .prefix("/v1")

const unserved = unservedOperations(api)
const idAt = (method: string, url: string) => unserved.at(method, url)?.operationId

describe("unservedOperations", () => {
  it("is every official operation but those the API serves, matched by method and path whatever the parameters' names", () => {
    const official = operationsOfSpec(pinnedSpec().spec)
    expect(unserved.all.map((operation) => operation.operationId)).toEqual(
      official.map(([, , id]) => id).filter((id) => id !== "getSpaceById")
    )
  })

  it("names the methods of a served path the API does not serve, not the one it does", () => {
    expect(idAt("GET", "/v1/spaces/abc")).toBeUndefined()
    expect(unserved.at("DELETE", "/v1/spaces/abc")).toEqual({ method: "DELETE", path: "/spaces/{spaceId}", operationId: "deleteSpaceById" })
    expect(idAt("PATCH", "/v1/spaces/abc")).toBe("updateSpaceById")
  })

  it("takes a literal segment over a parameter when both fit", () => {
    expect(idAt("GET", "/v1/orgs/o/openapi/s/versions/latest")).toBe("getLatestOpenAPISpecVersion")
    expect(idAt("GET", "/v1/orgs/o/openapi/s/versions/v3")).toBe("getOpenAPISpecVersionById")
    expect(idAt("GET", "/v1/orgs/o/openapi/s/versions/latest/content")).toBe("getLatestOpenAPISpecVersionContent")
    expect(idAt("GET", "/v1/orgs/o/openapi/s/versions/v3/content")).toBe("getOpenAPISpecVersionContentById")
  })

  it("reads the path under /v1 without its query; a parameter is one non-empty segment", () => {
    expect(idAt("GET", "/v1/spaces/abc/search?query=x")).toBe("searchSpaceContent")
    expect(idAt("GET", "/spaces/abc/search")).toBeUndefined()
    expect(idAt("GET", "/v2/spaces/abc/search")).toBeUndefined()
    expect(idAt("GET", "/v1/spaces//search")).toBeUndefined()
    expect(idAt("GET", "/v1/spaces/abc/search/")).toBeUndefined()
    expect(idAt("GET", "/v1/spaces/a/b/search")).toBeUndefined()
    expect(idAt("PUT", "/v1/spaces/abc/search")).toBeUndefined()
  })
})
