/**
 * `GitRemote` on isomorphic-git against a real Git server on loopback (`git http-backend`
 * behind node:http over a bare repository): fetch, push, a commit made in the repository
 * then fetched, a stale parent, a project directory, and each way a remote fails.
 */
import { describe, expect, it } from "@effect/vitest"
import { Conflict, GitRemote, GitRemoteError, type GitHttpClient, InvalidInput, IsomorphicGitRemote, nodeGitHttp } from "@quire/core"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { gzipSync } from "node:zlib"
import { gitServer, textOf } from "../support/gitServer.js"

const run = promisify(execFile)
const author = { name: "Quire", email: "quire@quire.test" }
const remote = GitRemote.pipe(Effect.provide(IsomorphicGitRemote.layer()))

/** The error `self` fails with, asserted to be a `GitRemoteError` for `reason`. */
const remoteFailure = <A, E, R>(self: Effect.Effect<A, E, R>, reason: GitRemoteError["reason"]) =>
  Effect.map(Effect.flip(self), (error) => {
    expect(error).toBeInstanceOf(GitRemoteError)
    expect((error as GitRemoteError).reason).toBe(reason)
    return error as GitRemoteError
  })

describe("GitRemote (isomorphic-git) against a loopback Git server", () => {
  it.scoped("fetches a branch's files and the commit it points at", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const sha = yield* Effect.promise(() => server.commit({ "README.md": "# Home\n", "guides/setup.md": "Setup.\n", "logo.png": new Uint8Array([137, 80, 78, 71, 0, 255]) }))
      const git = yield* remote
      const fetched = yield* git.fetchTree({ url: server.url, ref: "refs/heads/main" })
      expect(fetched.commit).toBe(sha)
      expect([...fetched.files.keys()].sort()).toEqual(["README.md", "guides/setup.md", "logo.png"])
      expect(textOf(fetched.files)["guides/setup.md"]).toBe("Setup.\n")
      expect([...fetched.files.get("logo.png")!]).toEqual([137, 80, 78, 71, 0, 255])
    })
  )

  it.scoped("pushes a tree as a new branch of an empty repository, then commits on top of it", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* remote
      const first = yield* git.pushTree({
        url: server.url,
        ref: "refs/heads/main",
        files: new Map<string, string | Uint8Array>([["README.md", "# Home\n"], ["a/b/c.md", "Deep.\n"], ["bin.dat", new Uint8Array([0, 1, 2])]]),
        message: "Export from Quire",
        author
      })
      expect(first.changed).toBe(true)
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(first.commit)
      expect(yield* Effect.promise(() => server.commitMessage("main"))).toBe("Export from Quire")
      const tree = yield* Effect.promise(() => server.readTree("main"))
      expect(textOf(tree)).toEqual({ "README.md": "# Home\n", "a/b/c.md": "Deep.\n", "bin.dat": "\u0000\u0001\u0002" })

      const second = yield* git.pushTree({
        url: server.url,
        ref: "refs/heads/main",
        files: new Map([["README.md", "# Home again\n"]]),
        message: "Second export",
        author,
        parent: first.commit
      })
      expect(second.changed).toBe(true)
      expect(yield* Effect.promise(() => server.resolve(`${second.commit}^`))).toBe(first.commit)
      expect(textOf(yield* Effect.promise(() => server.readTree("main")))).toEqual({ "README.md": "# Home again\n" })

      const same = yield* git.pushTree({ url: server.url, ref: "refs/heads/main", files: new Map([["README.md", "# Home again\n"]]), message: "Nothing new", author })
      expect(same).toEqual({ commit: second.commit, changed: false })
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(second.commit)
      yield* Effect.promise(() => server.fsck())
    })
  )

  it.scoped("a commit made directly in the repository is what the next fetch reads", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* remote
      const pushed = yield* git.pushTree({ url: server.url, ref: "refs/heads/main", files: new Map([["README.md", "# Home\n"], ["faq.md", "Ask.\n"]]), message: "Export", author })
      const direct = yield* Effect.promise(() => server.commit({ "faq.md": "Ask away.\n", "new.md": "New.\n" }, { message: "Edited on the Git side", remove: ["README.md"] }))
      const fetched = yield* git.fetchTree({ url: server.url, ref: "refs/heads/main" })
      expect(fetched.commit).toBe(direct)
      expect(fetched.commit).not.toBe(pushed.commit)
      expect(textOf(fetched.files)).toEqual({ "faq.md": "Ask away.\n", "new.md": "New.\n" })
    })
  )

  it.scoped("a push from a parent the branch has moved on from is a Conflict, unless forced", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* remote
      const pushed = yield* git.pushTree({ url: server.url, ref: "refs/heads/main", files: new Map([["README.md", "one\n"]]), message: "Export", author })
      const direct = yield* Effect.promise(() => server.commit({ "README.md": "two\n" }))
      const request = { url: server.url, ref: "refs/heads/main", files: new Map([["README.md", "three\n"]]), message: "Export again", author, parent: pushed.commit }
      const conflict = yield* Effect.flip(git.pushTree(request))
      expect(conflict).toBeInstanceOf(Conflict)
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(direct)
      const forced = yield* git.pushTree({ ...request, force: true })
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(forced.commit)
      // Forced, the export writes over the content, not over the history.
      expect(yield* Effect.promise(() => server.resolve(`${forced.commit}^`))).toBe(direct)
      expect(textOf(yield* Effect.promise(() => server.readTree("main")))).toEqual({ "README.md": "three\n" })
    })
  )

  it.scoped("a project directory: the push replaces only that folder, the fetch reads only it", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      yield* Effect.promise(() => server.commit({ "src/main.ts": "code\n", "docs/old.md": "Old.\n", "docs-other/x.md": "X\n", "README.md": "Repo\n" }))
      const git = yield* remote
      yield* git.pushTree({
        url: server.url,
        ref: "refs/heads/main",
        directory: "docs/",
        files: new Map([["docs/README.md", "# Docs\n"], ["docs/guides/a.md", "A\n"]]),
        message: "Export docs",
        author
      })
      expect(textOf(yield* Effect.promise(() => server.readTree("main")))).toEqual({
        "src/main.ts": "code\n",
        "docs-other/x.md": "X\n",
        "README.md": "Repo\n",
        "docs/README.md": "# Docs\n",
        "docs/guides/a.md": "A\n"
      })
      yield* Effect.promise(() => server.fsck())
      const fetched = yield* git.fetchTree({ url: server.url, ref: "refs/heads/main", directory: "docs" })
      expect([...fetched.files.keys()].sort()).toEqual(["docs/README.md", "docs/guides/a.md"])
      const outside = yield* Effect.flip(
        git.pushTree({ url: server.url, ref: "refs/heads/main", directory: "docs", files: new Map([["src/evil.ts", "x"]]), message: "m", author })
      )
      expect(outside).toBeInstanceOf(InvalidInput)
    })
  )

  it.scoped("a missing branch is ref-not-found, on an empty repository and on one with other branches", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* remote
      const empty = yield* remoteFailure(git.fetchTree({ url: server.url, ref: "refs/heads/main" }), "ref-not-found")
      expect(empty.message).toContain('"main"')
      yield* Effect.promise(() => server.commit({ "README.md": "x\n" }))
      yield* remoteFailure(git.fetchTree({ url: server.url, ref: "refs/heads/nope" }), "ref-not-found")
      const badRef = yield* Effect.flip(git.fetchTree({ url: server.url, ref: "main" }))
      expect(badRef).toBeInstanceOf(InvalidInput)
      expect((badRef as InvalidInput).field).toBe("ref")
    })
  )

  it.scoped("a URL that is not a Git repository is not-a-repository; a closed port is unreachable", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* remote
      yield* remoteFailure(git.fetchTree({ url: server.url.replace("docs.git", "nothing-here.git"), ref: "refs/heads/main" }), "not-a-repository")
      const web = createServer((_req, res) => {
        res.writeHead(200, { "Content-Type": "text/html" })
        res.end("<!doctype html><title>Docs</title><p>Hello</p>")
      })
      yield* Effect.acquireRelease(
        Effect.promise(() => new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve))),
        () => Effect.promise(() => new Promise<void>((resolve) => web.close(() => resolve())))
      )
      const page = `http://127.0.0.1:${(web.address() as AddressInfo).port}/docs`
      yield* remoteFailure(git.fetchTree({ url: page, ref: "refs/heads/main" }), "not-a-repository")
      yield* remoteFailure(git.pushTree({ url: page, ref: "refs/heads/main", files: new Map([["a.md", "a"]]), message: "m", author }), "not-a-repository")
      yield* remoteFailure(git.fetchTree({ url: "http://127.0.0.1:1/docs.git", ref: "refs/heads/main" }), "unreachable")
      const ftp = yield* Effect.flip(git.fetchTree({ url: "ftp://127.0.0.1/docs.git", ref: "refs/heads/main" }))
      expect(ftp).toBeInstanceOf(InvalidInput)
    })
  )

  it.scoped("basic auth: the URL's credentials fetch and push; wrong or none are refused, and never shown", () =>
    Effect.gen(function* () {
      const password = "s3cr3t-Pa55/word"
      const server = yield* gitServer({ auth: { user: "ada", password } })
      yield* Effect.promise(() => server.commit({ "README.md": "# Private\n" }))
      const git = yield* remote
      const fetched = yield* git.fetchTree({ url: server.authenticatedUrl, ref: "refs/heads/main" })
      expect(textOf(fetched.files)).toEqual({ "README.md": "# Private\n" })
      const pushed = yield* git.pushTree({
        url: server.authenticatedUrl,
        ref: "refs/heads/main",
        files: new Map([["README.md", "# Private, edited\n"]]),
        message: "Export",
        author,
        parent: fetched.commit
      })
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(pushed.commit)

      const wrongUrl = server.authenticatedUrl.replace(encodeURIComponent(password), "not-the-password")
      const wrong = yield* remoteFailure(git.fetchTree({ url: wrongUrl, ref: "refs/heads/main" }), "credentials-refused")
      expect(wrong.message).not.toContain("not-the-password")
      const wrongPush = yield* remoteFailure(
        git.pushTree({ url: wrongUrl, ref: "refs/heads/main", files: new Map([["x.md", "x"]]), message: "m", author }),
        "credentials-refused"
      )
      expect(wrongPush.message).not.toContain("not-the-password")
      const none = yield* remoteFailure(git.fetchTree({ url: server.url, ref: "refs/heads/main" }), "credentials-required")
      for (const error of [wrong, wrongPush, none]) {
        expect(error.message).not.toContain(password)
        expect(error.message).not.toContain(encodeURIComponent(password))
        expect(error.message).toContain(server.url)
      }
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(pushed.commit)
    })
  )

  it.scoped("the server answers the system git, and takes a gzip request body", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const sha = yield* Effect.promise(() => server.commit({ "README.md": "# Home\n" }))
      const work = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "quire-git-clone-")))
      yield* Effect.addFinalizer(() => Effect.promise(() => rm(work, { recursive: true, force: true })))
      yield* Effect.promise(() => run("git", ["clone", "--quiet", server.url, join(work, "docs")]))
      expect(yield* Effect.promise(() => readFile(join(work, "docs", "README.md"), "utf8"))).toBe("# Home\n")
      const request = Buffer.from(`0032want ${sha}\n00000009done\n`)
      const answer = yield* Effect.promise(() =>
        fetch(`${server.url}/git-upload-pack`, {
          method: "POST",
          headers: { "Content-Type": "application/x-git-upload-pack-request", "Content-Encoding": "gzip" },
          body: gzipSync(request)
        })
      )
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toBe("application/x-git-upload-pack-result")
      const body = Buffer.from(yield* Effect.promise(() => answer.arrayBuffer()))
      expect(body.subarray(0, 8).toString()).toBe("0008NAK\n")
      expect(body.includes(Buffer.from("PACK"))).toBe(true)
    })
  )

  it.scoped("every request goes through the `http` client it is given (the seam for the guarded fetcher)", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      yield* Effect.promise(() => server.commit({ "README.md": "x\n" }))
      const seen: Array<string> = []
      const counting: GitHttpClient = {
        request: (request) => {
          seen.push(`${request.method ?? "GET"} ${new URL(request.url).pathname}`)
          return nodeGitHttp.request(request)
        }
      }
      const git = yield* GitRemote.pipe(Effect.provide(IsomorphicGitRemote.layer({ http: counting })))
      const before = server.requests()
      yield* git.fetchTree({ url: server.url, ref: "refs/heads/main" })
      expect(seen).toContain("GET /docs.git/info/refs")
      expect(seen).toContain("POST /docs.git/git-upload-pack")
      expect(server.requests() - before).toBe(seen.length)
      const refusing: GitHttpClient = { request: () => Promise.reject(Object.assign(new Error("refused by policy"), { code: "ECONNREFUSED" })) }
      const guarded = yield* GitRemote.pipe(Effect.provide(IsomorphicGitRemote.layer({ http: refusing })))
      yield* remoteFailure(guarded.fetchTree({ url: server.url, ref: "refs/heads/main" }), "unreachable")
    })
  )
})
