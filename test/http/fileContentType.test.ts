import { validateHeaderValue } from "node:http"
import { describe, expect, it } from "vitest"
import { downloadContentType } from "../../adapters/http/src/fileContentType.js"

describe("downloadContentType", () => {
  it("sends a file stored before the limit on contentType as bytes, never as a header a client cannot read", () => {
    for (const stored of [
      `application/${"x".repeat(20_000)}`,
      `${"t".repeat(127)}/${"s".repeat(128)}`,
      'text/plain; name="😀"',
      "text/plain\r\nset-cookie: a=b",
      "text/plain\u0000",
      "",
      "not a media type"
    ]) {
      expect({ stored: stored.slice(0, 40), sent: downloadContentType(stored) }).toEqual({
        stored: stored.slice(0, 40),
        sent: "application/octet-stream"
      })
    }
  })

  it("sends a media type as it was stored, as a valid header value", () => {
    for (const stored of ["image/png", "text/plain; charset=utf-8", 'text/plain;charset="utf-8"', `${"t".repeat(127)}/${"s".repeat(127)}`]) {
      expect(downloadContentType(stored)).toBe(stored)
      expect(() => validateHeaderValue("content-type", stored)).not.toThrow()
    }
  })
})
