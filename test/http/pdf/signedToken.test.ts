import { describe, expect, it } from "vitest"
import { type ExportGrant, signGrant, verifyGrant } from "../../../adapters/http/src/pdf-export/signedToken.js"

const key = new Uint8Array(Buffer.from("a".repeat(32)))
const grant: ExportGrant = { user: "u1", space: "s1", revision: "r1", page: "p1", only: true, expires: 1_000 }

describe("signed PDF grants", () => {
  it("a grant signed with the key reads back until it expires", () => {
    const token = signGrant(grant, key)
    expect(verifyGrant(token, key, 999)).toEqual(grant)
    expect(verifyGrant(token, key, 1_000)).toBeUndefined()
  })

  it("another key, a changed payload or signature, or junk: nothing", () => {
    const token = signGrant(grant, key)
    const [payload, signature] = token.split(".") as [string, string]
    expect(verifyGrant(token, new Uint8Array(Buffer.from("b".repeat(32))), 0)).toBeUndefined()
    const widened = Buffer.from(JSON.stringify({ ...grant, only: false }), "utf8").toString("base64url")
    expect(verifyGrant(`${widened}.${signature}`, key, 0)).toBeUndefined()
    for (const last of ["A", "B", "C", "D"]) {
      const changed = signature.slice(0, -1) + last
      if (changed !== signature) expect(verifyGrant(`${payload}.${changed}`, key, 0)).toBeUndefined()
    }
    for (const junk of ["", ".", "a.b.c", `${payload}.`, `${payload}.${signature}.x`, "x".repeat(5000)]) {
      expect(verifyGrant(junk, key, 0)).toBeUndefined()
    }
  })

  it("a well-signed payload that is not a grant: nothing", () => {
    const token = signGrant({ nonsense: true } as unknown as ExportGrant, key)
    expect(verifyGrant(token, key, 0)).toBeUndefined()
  })
})
