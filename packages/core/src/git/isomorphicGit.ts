import type IsomorphicGit from "isomorphic-git"
import { lazyRequire } from "../shared/lazyRequire.js"

export type { CallbackFsClient, HttpClient, PromiseFsClient, TreeEntry as GitTreeEntry } from "isomorphic-git"

/** isomorphic-git, loaded at the first Git operation (see `lazyRequire`). */
export const isomorphicGit = lazyRequire<typeof IsomorphicGit>("isomorphic-git")
/** Its HTTP client for Node. */
export const isomorphicGitNodeHttp = lazyRequire<typeof import("isomorphic-git/http/node")>("isomorphic-git/http/node")
