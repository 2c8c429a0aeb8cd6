import { Effect, Layer } from "effect"
import { Fetcher } from "../outbound/Fetcher.js"
import { fetcherGitHttp } from "./fetcherGitHttp.js"
import { GitRemote } from "./GitRemote.js"
import { makeIsomorphicGitRemote } from "./IsomorphicGitRemote.js"

/** Git sync's remote: isomorphic-git, every request through the application's `Fetcher` (guarded). */
export const GitRemoteLive = Layer.effect(
  GitRemote,
  Effect.map(Fetcher, (fetcher) => makeIsomorphicGitRemote({ http: fetcherGitHttp(fetcher) }))
)
