/**
 * `GitRemote` with every request through the guarded `Fetcher` (`fetcherGitHttp`), as the server
 * runs it: a loopback repository is refused unless `QUIRE_FETCH_ALLOW` names it; allowed, fetch
 * and push work, with basic auth answered on a 401 and never shown.
 */
import { describe, expect, it } from "@effect/vitest"
import { emptyAllowList, fetcherGitHttp, GitRemoteError, makeGuardedFetcher, makeIsomorphicGitRemote, parseAllowList } from "@quire/core"
import { Effect, Either } from "effect"
import { gitServer, textOf } from "../support/gitServer.js"

const author = { name: "Quire", email: "quire@quire.test" }
const allowLoopback = Either.getOrThrow(parseAllowList("127.0.0.1"))
const guardedRemote = (allow: typeof emptyAllowList) => makeIsomorphicGitRemote({ http: fetcherGitHttp(makeGuardedFetcher({ allow })) })

describe("GitRemote through the guarded fetcher", () => {
  it.scoped("refuses a loopback repository that QUIRE_FETCH_ALLOW does not name, at once and for good", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      yield* Effect.promise(() => server.commit({ "README.md": "# Home\n" }))
      const git = guardedRemote(emptyAllowList)
      for (const url of [server.url, "http://10.1.2.3/docs.git", "http://169.254.169.254/latest.git"]) {
        const error = yield* Effect.flip(git.fetchTree({ url, ref: "refs/heads/main" }))
        expect(error).toBeInstanceOf(GitRemoteError)
        expect((error as GitRemoteError).reason).toBe("refused")
        expect(error.message).toMatch(/QUIRE_FETCH_ALLOW/)
      }
      const push = yield* Effect.flip(git.pushTree({ url: server.url, ref: "refs/heads/main", files: new Map([["a.md", "a"]]), message: "m", author }))
      expect((push as GitRemoteError).reason).toBe("refused")
      expect(server.requests()).toBe(0)
    })
  )

  it.scoped("allowed, fetches and pushes with the URL's credentials, which no error shows", () =>
    Effect.gen(function* () {
      const password = "guarded-Pa55word"
      const server = yield* gitServer({ auth: { user: "ada", password } })
      yield* Effect.promise(() => server.commit({ "README.md": "# Private\n" }))
      const git = guardedRemote(allowLoopback)
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
      expect(pushed.changed).toBe(true)
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(pushed.commit)
      yield* Effect.promise(() => server.fsck())
      const wrong = yield* Effect.flip(git.fetchTree({ url: server.authenticatedUrl.replace(encodeURIComponent(password), "nope"), ref: "refs/heads/main" }))
      expect((wrong as GitRemoteError).reason).toBe("credentials-refused")
      expect(wrong.message).not.toContain(password)
    })
  )

  it.scoped("a repeated push of what the branch holds makes no commit, even from a stale parent", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = guardedRemote(allowLoopback)
      const files = new Map<string, string | Uint8Array>([["README.md", "# Home\n"]])
      const first = yield* git.pushTree({ url: server.url, ref: "refs/heads/main", files, message: "One", author })
      const again = yield* git.pushTree({ url: server.url, ref: "refs/heads/main", files, message: "Again", author, parent: "0".repeat(40) })
      expect(again).toEqual({ commit: first.commit, changed: false })
    })
  )
})

describe("a first push (`parent: null`)", () => {
  it.scoped("goes into a new branch or an empty folder, and is refused over files it never saw unless forced", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      yield* Effect.promise(() => server.commit({ "src/index.ts": "export {}\n", "docs/old.md": "# Old\n" }))
      const git = guardedRemote(allowLoopback)
      const push = (directory: string, force = false) =>
        git.pushTree({ url: server.url, ref: "refs/heads/main", directory, files: new Map([[`${directory}/new.md`, "# New\n"]]), message: "m", author, parent: null, force })
      const intoEmpty = yield* push("guides")
      expect(intoEmpty.changed).toBe(true)
      const refused = yield* Effect.flip(push("docs"))
      expect(refused.message).toMatch(/never matched.*force/)
      expect(yield* Effect.promise(() => server.resolve("main"))).toBe(intoEmpty.commit)
      const forced = yield* push("docs", true)
      expect(textOf(yield* Effect.promise(() => server.readTree("main")))).toEqual({
        "src/index.ts": "export {}\n",
        "guides/new.md": "# New\n",
        "docs/new.md": "# New\n"
      })
      expect(forced.changed).toBe(true)
      const fresh = yield* git.pushTree({ url: server.url, ref: "refs/heads/next", files: new Map([["a.md", "a"]]), message: "m", author, parent: null })
      expect(fresh.changed).toBe(true)
    })
  )
})
