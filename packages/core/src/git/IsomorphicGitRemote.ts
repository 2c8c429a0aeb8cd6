import { Clock, Effect, Layer } from "effect"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { type FetchTreeRequest, GitRemote, type GitRemoteService, type PushTreeRequest } from "./GitRemote.js"
import { type GitCallContext, gitRemoteError } from "./gitErrors.js"
import { branchOfRef, isPlainFilePath, isUnder, normalizeDirectory } from "./gitPaths.js"
import { flattenTree, inside, type LocalRepository, outside, readBlobs, type TreeEntry, writeTrees } from "./gitTrees.js"
import { type HttpClient, isomorphicGit, isomorphicGitNodeHttp } from "./isomorphicGit.js"
import { MemoryFs } from "./memoryFs.js"
import { parseRemoteUrl } from "./remoteUrl.js"

/**
 * The HTTP client isomorphic-git sends Git's smart HTTP requests through: the seam where the
 * guarded outbound fetcher plugs in (isomorphic-git's `http` plugin).
 */
export type GitHttpClient = HttpClient

/** isomorphic-git's own Node client: reaches any address, unguarded. */
export const nodeGitHttp: GitHttpClient = {
  request: (request) => isomorphicGitNodeHttp().request(request)
}

export interface IsomorphicGitRemoteOptions {
  /** By default isomorphic-git's Node client, which reaches any address. */
  readonly http?: GitHttpClient
}

const GITDIR = "/repository.git"
const REMOTE = "origin"
/** The local branch a push sends from. */
const OUTGOING = "refs/heads/quire-outgoing"

/** A call's parsed input: the repository without credentials, and how to authenticate. */
interface Call extends GitCallContext {
  readonly ref: string
  readonly directory: string
}

const parseCall = (request: { readonly url: string; readonly ref: string; readonly directory?: string }) => {
  const remote = parseRemoteUrl(request.url)
  if (remote instanceof InvalidInput) return Effect.fail(remote)
  const branch = branchOfRef(request.ref)
  if (branch instanceof InvalidInput) return Effect.fail(branch)
  const directory = normalizeDirectory(request.directory)
  if (directory instanceof InvalidInput) return Effect.fail(directory)
  return Effect.succeed<Call>({ url: remote.url, credentials: remote.credentials, branch, ref: request.ref, directory })
}

/** A new empty bare repository in memory, its one remote the call's URL. */
const openRepository = async (call: Call): Promise<LocalRepository> => {
  const repository = { fs: { promises: new MemoryFs() }, gitdir: GITDIR, cache: {} }
  await isomorphicGit().init({ ...repository, bare: true, defaultBranch: "main" })
  await isomorphicGit().addRemote({ ...repository, remote: REMOTE, url: call.url })
  return repository
}

/** Credentials only on demand (a 401), never twice: a refusal ends the call. */
const authOf = (call: Call) =>
  call.credentials === undefined
    ? {}
    : { onAuth: () => ({ username: call.credentials!.username, password: call.credentials!.password }), onAuthFailure: () => ({ cancel: true }) }

const attempt = <A>(call: Call, work: () => Promise<A>) =>
  Effect.tryPromise({ try: work, catch: (cause) => gitRemoteError(cause, call) })

/** The branch's head commit, fetched shallow (its tree and blobs, no history). */
const fetchHead = (http: GitHttpClient, repository: LocalRepository, call: Call) =>
  attempt(call, async () => {
    const fetched = await isomorphicGit().fetch({
      ...repository,
      http,
      remote: REMOTE,
      ref: call.branch,
      singleBranch: true,
      depth: 1,
      tags: false,
      ...authOf(call)
    })
    if (fetched.fetchHead === null) throw new (isomorphicGit().Errors).NotFoundError(call.branch)
    return fetched.fetchHead
  })

/** Like `fetchHead`, undefined when the branch does not exist (yet). */
const fetchHeadIfAny = (http: GitHttpClient, repository: LocalRepository, call: Call) =>
  fetchHead(http, repository, call).pipe(
    Effect.catchIf(
      (error) => error.reason === "ref-not-found",
      () => Effect.succeed(undefined)
    )
  )

const textEncoder = new TextEncoder()

/** The entries of the pushed files as blobs written into `repository`. */
const writeBlobs = (repository: LocalRepository, call: Call, files: PushTreeRequest["files"]) =>
  Effect.gen(function* () {
    const entries = new Map<string, TreeEntry>()
    for (const [path, content] of files) {
      if (!isPlainFilePath(path) || !isUnder(path, call.directory)) {
        return yield* Effect.fail(
          InvalidInput.of("files", `"${path}" is not a plain file path${call.directory === "" ? "" : ` under "${call.directory}"`}`)
        )
      }
      const blob = typeof content === "string" ? textEncoder.encode(content) : content
      const oid = yield* attempt(call, () => isomorphicGit().writeBlob({ ...repository, blob }))
      entries.set(path, { mode: "100644", oid, type: "blob" })
    }
    return entries
  })

/** Git sync's remote on isomorphic-git: each call works in a new in-memory repository, so nothing stays on disk. */
export const makeIsomorphicGitRemote = (options: IsomorphicGitRemoteOptions = {}): GitRemoteService => {
  const http = options.http ?? nodeGitHttp

  const fetchTree = (request: FetchTreeRequest) =>
    Effect.gen(function* () {
      const call = yield* parseCall(request)
      const repository = yield* attempt(call, () => openRepository(call))
      const commit = yield* fetchHead(http, repository, call)
      const files = yield* attempt(call, async () => readBlobs(repository, await flattenTree(repository, commit, inside(call.directory))))
      return { commit, files }
    })

  const pushTree = (request: PushTreeRequest) =>
    Effect.gen(function* () {
      const call = yield* parseCall(request)
      const repository = yield* attempt(call, () => openRepository(call))
      const head = yield* fetchHeadIfAny(http, repository, call)
      const kept = head === undefined ? new Map<string, TreeEntry>() : yield* attempt(call, () => flattenTree(repository, head, outside(call.directory)))
      const written = yield* writeBlobs(repository, call, request.files)
      const tree = yield* attempt(call, () => writeTrees(repository, new Map([...kept, ...written])))
      // The branch already holds these files: nothing to write, whoever moved it (a repeated push after a crash lands here).
      if (head !== undefined) {
        const parentTree = yield* attempt(call, async () => (await isomorphicGit().readCommit({ ...repository, oid: head })).commit.tree)
        if (parentTree === tree) return { commit: head, changed: false }
      }
      // Never synced (`parent: null`): writing into an empty folder (or a new branch) loses nothing.
      const unseen =
        request.parent === null && head !== undefined
          ? (yield* attempt(call, () => flattenTree(repository, head, inside(call.directory)))).size > 0
          : request.parent !== undefined && request.parent !== null && head !== request.parent
      if (unseen && request.force !== true) {
        return yield* Effect.fail(
          new Conflict({
            message:
              request.parent === null
                ? `The branch "${call.branch}" of ${call.url} has commits this space never matched (it is at ${head}): import them first, or export with \`force\` to write over them`
                : `The branch "${call.branch}" of ${call.url} has moved on from ${request.parent} (it is at ${head ?? "no commit"}): import it first, or export with \`force\` to write over it`
          })
        )
      }
      const signature = { ...request.author, timestamp: Math.floor((yield* Clock.currentTimeMillis) / 1000), timezoneOffset: 0 }
      const message = request.message.endsWith("\n") ? request.message : `${request.message}\n`
      const commit = yield* attempt(call, () =>
        isomorphicGit().writeCommit({
          ...repository,
          commit: { tree, parent: head === undefined ? [] : [head], message, author: signature, committer: signature }
        })
      )
      yield* attempt(call, async () => {
        await isomorphicGit().writeRef({ ...repository, ref: OUTGOING, value: commit, force: true })
        const pushed = await isomorphicGit().push({
          ...repository,
          http,
          remote: REMOTE,
          ref: OUTGOING,
          remoteRef: call.ref,
          force: request.force === true,
          ...authOf(call)
        })
        const refused = pushed.refs[call.ref]
        if (!pushed.ok || (refused !== undefined && !refused.ok)) {
          throw new (isomorphicGit().Errors).PushRejectedError("not-fast-forward")
        }
      })
      return { commit, changed: true }
    })

  return { fetchTree, pushTree }
}

/** `GitRemote` on isomorphic-git, its HTTP through `options.http` when given. */
export const IsomorphicGitRemote = {
  layer: (options: IsomorphicGitRemoteOptions = {}) => Layer.succeed(GitRemote, makeIsomorphicGitRemote(options))
}
