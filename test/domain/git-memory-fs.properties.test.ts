import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { createFsFromVolume, Volume } from "memfs"
import { MemoryFs } from "../../packages/core/src/git/memoryFs.js"

/**
 * Git calls' in-memory file system (`MemoryFs`) answers as memfs, a general in-memory Node file
 * system, does: for any sequence of the operations isomorphic-git makes (paths with `//` and
 * `..`, no trailing `/`), the same values and the same error codes.
 */

const PATHS = ["/a", "/a/b", "/a/b/c", "/a/x", "/d", "/d/e", "/a/b/../x", "//a//b"] as const
const path = fc.constantFrom(...PATHS)
const text = fc.string({ maxLength: 8 })

type Operation =
  | { readonly op: "mkdir"; readonly path: string }
  | { readonly op: "writeFile"; readonly path: string; readonly data: string }
  | { readonly op: "readFile"; readonly path: string; readonly utf8: boolean }
  | { readonly op: "unlink" | "rmdir" | "readdir" | "stat" | "lstat"; readonly path: string }

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant("mkdir" as const), path }),
  fc.record({ op: fc.constant("writeFile" as const), path, data: text }),
  fc.record({ op: fc.constant("readFile" as const), path, utf8: fc.boolean() }),
  fc.record({ op: fc.constantFrom("unlink" as const, "rmdir" as const, "readdir" as const, "stat" as const, "lstat" as const), path })
)

interface PromiseFs {
  readonly mkdir: (path: string) => Promise<unknown>
  readonly writeFile: (path: string, data: string) => Promise<unknown>
  readonly readFile: (path: string, options?: string) => Promise<Uint8Array | string>
  readonly unlink: (path: string) => Promise<unknown>
  readonly rmdir: (path: string) => Promise<unknown>
  readonly readdir: (path: string) => Promise<ReadonlyArray<unknown>>
  readonly stat: (path: string) => Promise<{ isFile(): boolean; isDirectory(): boolean; size: number }>
  readonly lstat: (path: string) => Promise<{ isFile(): boolean; isDirectory(): boolean; size: number }>
}

/** What an operation answered, as comparable data: a value, or an error's code. */
const answer = async (fs: PromiseFs, operation: Operation): Promise<unknown> => {
  try {
    switch (operation.op) {
      case "mkdir":
        await fs.mkdir(operation.path)
        return "ok"
      case "writeFile":
        await fs.writeFile(operation.path, operation.data)
        return "ok"
      case "readFile": {
        const read = await fs.readFile(operation.path, operation.utf8 ? "utf8" : undefined)
        return typeof read === "string" ? { text: read } : { bytes: [...read] }
      }
      case "unlink":
      case "rmdir":
        await fs[operation.op](operation.path)
        return "ok"
      case "readdir":
        return [...(await fs.readdir(operation.path))].map(String).sort()
      case "stat":
      case "lstat": {
        const stats = await fs[operation.op](operation.path)
        return { file: stats.isFile(), directory: stats.isDirectory(), size: stats.isFile() ? stats.size : 0 }
      }
    }
  } catch (error) {
    return { code: (error as { code?: unknown }).code }
  }
}

describe("MemoryFs", () => {
  it("answers every sequence of operations as memfs does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 30 }), async (operations) => {
        const ours = new MemoryFs() as unknown as PromiseFs
        const theirs = createFsFromVolume(new Volume()).promises as unknown as PromiseFs
        for (const operation of operations) {
          expect(await answer(ours, operation), JSON.stringify(operation)).toEqual(await answer(theirs, operation))
        }
      }),
      { numRuns: 2_000 }
    )
  })

  it("refuses a call without a path as a promise that rejects (how isomorphic-git tells a promise file system)", async () => {
    const fs = new MemoryFs() as unknown as { readFile: () => Promise<unknown> }
    await expect(fs.readFile()).rejects.toBeInstanceOf(TypeError)
  })

  it("keeps symlinks: lstat sees the link, stat and readFile its target, readlink its text", async () => {
    const fs = new MemoryFs()
    await fs.mkdir("/r")
    await fs.writeFile("/r/target", "body")
    await fs.symlink("target", "/r/link")
    expect((await fs.lstat("/r/link")).isSymbolicLink()).toBe(true)
    expect((await fs.stat("/r/link")).isFile()).toBe(true)
    expect(await fs.readFile("/r/link", "utf8")).toBe("body")
    expect(await fs.readlink("/r/link")).toBe("target")
    await expect(fs.readlink("/r/target")).rejects.toMatchObject({ code: "EINVAL" })
    await expect(fs.symlink("x", "/r/link")).rejects.toMatchObject({ code: "EEXIST" })
  })
})
