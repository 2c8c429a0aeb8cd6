import { Context, type Effect } from "effect"
import type { Conflict, InvalidInput } from "../shared/errors.js"
import type { GitRemoteError } from "./GitRemoteError.js"

/** A Git tree as files: repository path (`/`-separated, no leading `/`) → content (text is written as UTF-8). */
export type GitFiles = ReadonlyMap<string, Uint8Array | string>

export interface FetchTreeRequest {
  /** An http(s) URL; `user:password@` in it are used as basic-auth credentials and never shown. */
  readonly url: string
  /** `refs/heads/<branch>`. */
  readonly ref: string
  /** Only the files under this folder of the repository (their paths stay repository paths); the whole tree by default. */
  readonly directory?: string
}

export interface FetchedTree {
  /** The commit the ref pointed at. */
  readonly commit: string
  readonly files: ReadonlyMap<string, Uint8Array>
}

export interface GitAuthor {
  readonly name: string
  readonly email: string
}

export interface PushTreeRequest {
  readonly url: string
  /** `refs/heads/<branch>`; a branch that does not exist yet is created. */
  readonly ref: string
  /**
   * The files of the new commit under `directory` (repository paths): they replace everything
   * that was there. What lies outside `directory` stays as the parent commit had it.
   */
  readonly files: GitFiles
  /** The folder `files` replace; the whole tree by default. */
  readonly directory?: string
  readonly message: string
  readonly author: GitAuthor
  /**
   * The commit the caller last saw on the branch, or `null` when it saw none (the branch should
   * hold nothing under `directory` yet). When the branch is elsewhere (or holds files there), the
   * push fails with `Conflict`, unless `force` or the branch already holds these files. Unset: no check.
   */
  readonly parent?: string | null
  /** Write over whatever the branch holds now: the new commit goes on top of its current head. */
  readonly force?: boolean
}

export interface PushedCommit {
  /** The branch's commit after the push. */
  readonly commit: string
  /** False when the files were what the branch already held: no commit was made. */
  readonly changed: boolean
}

/**
 * A Git repository over smart HTTP, read and written as whole trees: what Git sync needs
 * (import a branch's files, export a revision's files as one commit).
 */
export interface GitRemoteService {
  readonly fetchTree: (request: FetchTreeRequest) => Effect.Effect<FetchedTree, GitRemoteError | InvalidInput>
  readonly pushTree: (request: PushTreeRequest) => Effect.Effect<PushedCommit, GitRemoteError | InvalidInput | Conflict>
}

export class GitRemote extends Context.Tag("@quire/core/GitRemote")<GitRemote, GitRemoteService>() {}
