import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { redactUrl } from "../../packages/cli/src/redactUrl.js"
import { loggedServer } from "./accessLogCapture.js"

const inviteId = "s3cretInviteId0000001"
const shareKey = "s3cretShareKey0000002"

describe("the access log", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("writes invite URLs and share keys without their secrets", async () => {
    const server = await loggedServer((_, response) => response.end("{}"))
    const { base } = server
    await fetch(`${base}/v1/orgs/acme/invites/${inviteId}`, { method: "POST" })
    await fetch(`${base}/v1/orgs/acme/link-invites/${inviteId}`)
    await fetch(`${base}/v1/spaces/space1?shareKey=${shareKey}&limit=5`)
    const written = await server.lines(3)
    const lines = written.trim().split("\n")
    expect(lines).toHaveLength(3)
    expect(written).not.toContain(inviteId)
    expect(written).not.toContain(shareKey)
    expect(lines[0]).toMatch(/ POST \/v1\/orgs\/acme\/invites\/\[redacted\] 200 \d+ms$/)
    expect(lines[1]).toMatch(/ GET \/v1\/orgs\/acme\/link-invites\/\[redacted\] 200 \d+ms$/)
    expect(lines[2]).toMatch(/ GET \/v1\/spaces\/space1\?shareKey=\[redacted\]&limit=5 200 \d+ms$/)
  })
})

describe("redactUrl", () => {
  it("leaves URLs without secrets as they are", () => {
    for (const url of ["/v1/spaces/abc", "/v1/orgs/acme/link-invites", "/v1/orgs/acme/link-invites?limit=5&page=xyz", "/v1/"]) {
      expect(redactUrl(url)).toBe(url)
    }
  })

  it("redacts the invite id in both invite paths, whatever follows it", () => {
    expect(redactUrl("/v1/orgs/o/link-invites/ID1")).toBe("/v1/orgs/o/link-invites/[redacted]")
    expect(redactUrl("/v1/orgs/o/link-invites/ID1/")).toBe("/v1/orgs/o/link-invites/[redacted]/")
    expect(redactUrl("/v1/orgs/o/invites/ID2?x=1")).toBe("/v1/orgs/o/invites/[redacted]?x=1")
    expect(redactUrl("/V1/ORGS/o/Invites/ID3")).toBe("/V1/ORGS/o/Invites/[redacted]")
  })

  it("redacts the values of token-like query parameters and keeps the others", () => {
    expect(
      redactUrl("/v1/x?token=a&access_token=b&api-key=c&key=d&client_secret=e&password=f&X-Amz-Signature=g&limit=5&page=p")
    ).toBe(
      "/v1/x?token=[redacted]&access_token=[redacted]&api-key=[redacted]&key=[redacted]&client_secret=[redacted]" +
        "&password=[redacted]&X-Amz-Signature=[redacted]&limit=5&page=p"
    )
    expect(redactUrl("/v1/spaces/s?share%4Bey=abc")).toBe("/v1/spaces/s?share%4Bey=[redacted]")
    expect(redactUrl("/v1/spaces/s?shareKey")).toBe("/v1/spaces/s?shareKey")
  })
})
