import { Effect, Either } from "effect"
import type { Fetcher } from "../outbound/Fetcher.js"
import { concatBytes } from "../shared/concatBytes.js"
import type { FetchFailed, FetchRefused } from "../outbound/fetchErrors.js"
import type { HttpClient as GitHttpClient } from "./isomorphicGit.js"

/** The most a Git call reads in one answer (a whole shallow pack of a large repository). */
export const GIT_MAX_BYTES = 256 * 1024 * 1024
/** One Git request, the pack's download included. */
export const GIT_REQUEST_TIMEOUT_MS = 120_000
const GIT_MAX_REDIRECTS = 3

/** The fetcher's refusal or failure, carried through isomorphic-git's promise to `gitRemoteError`. */
export class OutboundGitFailure extends Error {
  constructor(readonly failure: FetchRefused | FetchFailed) {
    super(failure.message)
  }
}

const collect = async (body: AsyncIterable<Uint8Array> | undefined): Promise<Uint8Array | undefined> => {
  if (body === undefined) return undefined
  const chunks: Array<Uint8Array> = []
  for await (const chunk of body) chunks.push(chunk)
  return concatBytes(chunks)
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield bytes
}

/**
 * isomorphic-git's HTTP through the `Fetcher`: every Git request (the ref advertisement, the
 * pack's download, the push) is checked as any outbound request is (addresses after DNS and
 * on each redirect, `QUIRE_FETCH_ALLOW`), within Git's own size and time caps.
 */
export const fetcherGitHttp = (fetcher: typeof Fetcher.Service): GitHttpClient => ({
  request: async (request) => {
    const body = await collect(request.body)
    const method = request.method === "POST" ? "POST" : "GET"
    const answer = await Effect.runPromise(
      Effect.either(
        fetcher.fetch(request.url, {
          method,
          headers: request.headers ?? {},
          ...(body === undefined ? {} : { body }),
          maxBytes: GIT_MAX_BYTES,
          timeoutMs: GIT_REQUEST_TIMEOUT_MS,
          maxRedirects: GIT_MAX_REDIRECTS
        })
      )
    )
    // Thrown as is (not as `runPromise`'s FiberFailure), for `gitRemoteError` to recognize.
    if (Either.isLeft(answer)) throw new OutboundGitFailure(answer.left)
    const fetched = answer.right
    return {
      url: fetched.url,
      method,
      statusCode: fetched.status,
      statusMessage: String(fetched.status),
      headers: fetched.headers,
      body: once(fetched.body)
    }
  }
})
