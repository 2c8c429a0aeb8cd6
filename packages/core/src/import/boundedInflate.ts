import { concatBytes } from "../shared/concatBytes.js"
import { lazyRequire } from "../shared/lazyRequire.js"

/** fflate, loaded at the first zip import (see `lazyRequire`). */
const fflate = lazyRequire<typeof import("fflate")>("fflate")

/**
 * Compressed data is inflated in slices this size, and the output counted after each: deflate
 * expands at most ~1032×, so a bomb gets at most ~17 MB past a bound before it is stopped.
 */
const SLICE_BYTES = 16 * 1024

/** Deflate's largest expansion (a 258-byte match in ~2 bits), and a little for headers. */
const mostInflated = (compressed: number) => compressed * 1032 + 1024

const streamed = (data: Uint8Array, bound: number): Uint8Array | "tooLarge" => {
  const chunks: Array<Uint8Array> = []
  let size = 0
  let over = false
  const inflater = new (fflate().Inflate)((chunk) => {
    size += chunk.length
    if (size > bound) over = true
    else if (chunk.length > 0) chunks.push(chunk)
  })
  for (let at = 0; at < data.length && !over; at += SLICE_BYTES) {
    inflater.push(data.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= data.length)
  }
  return over ? "tooLarge" : concatBytes(chunks, size)
}

/**
 * Raw deflate data inflated, or `tooLarge` as soon as the output passes `bound` bytes (counted,
 * not declared). Long data goes through fflate's streaming inflater a slice at a time. Data of
 * one slice or less (most files: it cannot pass ~17 MB, so its work is bounded) is inflated at
 * once into a buffer one byte longer than it may be: fflate writes no further into a buffer it
 * is given, so a full buffer means more was there, and the slice is streamed after all (a
 * buffer of the declared size saves fflate's growing one: 15× faster on small files).
 */
export const boundedInflate = (data: Uint8Array, bound: number, declaredSize: number): Uint8Array | "tooLarge" => {
  if (data.length > SLICE_BYTES) return streamed(data, bound)
  const room = Math.min(declaredSize, bound, mostInflated(data.length))
  const out = fflate().inflateSync(data, { out: new Uint8Array(room + 1) })
  return out.length <= room ? out : streamed(data, bound)
}
