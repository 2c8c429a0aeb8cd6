import { deflateSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { pngOverInflation } from "../../../adapters/http/src/pdf-export/render/pngInflation.js"
import { solidPng } from "../../e2e/support/png.js"

/** `png` with its IDAT data replaced by `pixels` deflated (the CRC is not checked by the guard). */
const withImageData = (png: Buffer, pixels: Buffer) => {
  const idatAt = png.indexOf("IDAT") - 4
  const data = deflateSync(pixels)
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const end = idatAt + 12 + png.readUInt32BE(idatAt)
  return Buffer.concat([png.subarray(0, idatAt), length, Buffer.from("IDAT"), data, Buffer.alloc(4), png.subarray(end)])
}

describe("pngOverInflation", () => {
  it("passes PNGs whose data is what their header declares, and anything that is no PNG", () => {
    for (const [w, h] of [[1, 1], [3, 7], [64, 64], [1000, 2]] as const) {
      expect(pngOverInflation(solidPng(w, h, [10, 20, 30])), `${w}x${h}`).toBeUndefined()
    }
    expect(pngOverInflation(Buffer.from("not an image"))).toBeUndefined()
    expect(pngOverInflation(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined()
  })

  it("refuses a small header over a stream that inflates far past it, holding no more than the bound", () => {
    // A 1x1 RGB image needs 4 bytes; this data inflates to 64 MiB.
    const bomb = withImageData(solidPng(1, 1, [0, 0, 0]), Buffer.alloc(64 * 1024 * 1024))
    expect(bomb.length).toBeLessThan(100_000)
    expect(pngOverInflation(bomb)).toBe("its data inflates past its declared size")
    // One byte too many is already past it.
    expect(pngOverInflation(withImageData(solidPng(2, 2, [0, 0, 0]), Buffer.alloc(2 * (1 + 6) + 1)))).toBe(
      "its data inflates past its declared size"
    )
    expect(pngOverInflation(withImageData(solidPng(2, 2, [0, 0, 0]), Buffer.alloc(2 * (1 + 6))))).toBeUndefined()
  })
})
