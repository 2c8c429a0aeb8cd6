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

/** An answer as the fast lane writes it: its header lines made once (Node takes them as a flat list). */
export interface HeldAnswer {
  readonly answer: FastAnswer
  readonly body: Uint8Array
  readonly full: ReadonlyArray<string>
  readonly notModified: ReadonlyArray<string>
}

const flat = (headers: FastAnswer["headers"]): Array<string> =>
  Object.entries(headers).flatMap(([name, value]) => (typeof value === "string" ? [name, value] : value.flatMap((v) => [name, v])))

export const held = (answer: FastAnswer): HeldAnswer => ({
  answer,
  body: answer.body,
  full: [...flat(answer.headers), "content-length", String(answer.body.byteLength)],
  notModified: flat(answer.headers)
})

/** What an answer is kept by: everything of the request it depends on (the address, the query, the credentials' cookies). */
export const fastKey = (host: string | undefined, url: string, cookie: string | undefined): string =>
  `${host ?? ""}\u0000${url}\u0000${cookie ?? ""}`

/** Writes a held answer as the app would have: a 304 when `If-None-Match` names its tag. */
export const writeFastAnswer = ({ answer, body, full, notModified }: HeldAnswer, request: IncomingMessage, response: ServerResponse): void => {
  const ifNoneMatch = request.headers["if-none-match"]
  if (answer.status === 200 && ifNoneMatch !== undefined && ifNoneMatch.includes(answer.etag)) {
    response.writeHead(304, notModified as Array<string>).end()
    return
  }
  response.writeHead(answer.status, full as Array<string>)
  response.end(body)
}
