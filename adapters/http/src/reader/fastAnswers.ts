import type { IncomingMessage, ServerResponse } from "node:http"

/** A whole answer of the reader, as the fast lane gives it again: valid while storage's mark is `mark`. */
export interface FastAnswer {
  readonly status: number
  readonly etag: string
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string>>>
  readonly body: Uint8Array
  /** `StorageChanges`' mark when the answer's reads began. */
  readonly mark: string
}

/** What an answer is kept by: everything of the request it depends on (the address, the query, the credentials' cookies). */
export const fastKey = (host: string | undefined, url: string, cookie: string | undefined): string =>
  `${host ?? ""}\u0000${url}\u0000${cookie ?? ""}`

/** Writes `answer` as the app would have: a 304 when `If-None-Match` names its tag. */
export const writeFastAnswer = (answer: FastAnswer, request: IncomingMessage, response: ServerResponse): void => {
  const ifNoneMatch = request.headers["if-none-match"]
  if (answer.status === 200 && ifNoneMatch !== undefined && ifNoneMatch.includes(answer.etag)) {
    response.writeHead(304, answer.headers as Record<string, string | Array<string>>).end()
    return
  }
  response.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.byteLength } as Record<string, string | Array<string> | number>)
  response.end(answer.body)
}
