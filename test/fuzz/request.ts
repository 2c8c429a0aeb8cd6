import type { Operation } from "./operations.js"

/** Who sends a request. */
export type Principal = "admin" | "member" | "outsider" | "anonymous" | "wrongToken" | "malformedAuthorization"

/** A request body: JSON (serialised when sent), raw text with its own content type, or none. */
export type Body =
  | { readonly kind: "none" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "raw"; readonly contentType: string | undefined; readonly text: string }

export const noBody: Body = { kind: "none" }

/** A generated request, before it is put on the wire. */
export interface FuzzRequest {
  readonly operation: Operation
  /** What this request varies, e.g. `body.title: 51 characters`; known failures match on it. */
  readonly label: string
  readonly principal: Principal
  /** Each path parameter's segment exactly as sent (already percent-encoded, or deliberately not). */
  readonly path: Readonly<Record<string, string>>
  /** `name=value` pairs exactly as sent. */
  readonly query: ReadonlyArray<string>
  readonly body: Body
}

/** A request as bytes go out: what a developer needs to reproduce it. */
export interface WireRequest {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
}

export const pathOf = (request: Pick<FuzzRequest, "operation" | "path" | "query">): string => {
  const path = request.operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segment = request.path[name]
    if (segment === undefined) throw new Error(`${request.operation.id}: no value for path parameter ${name}`)
    return segment
  })
  return request.query.length === 0 ? path : `${path}?${request.query.join("&")}`
}

const serialise = (body: Body): { readonly text: string | undefined; readonly contentType: string | undefined } => {
  switch (body.kind) {
    case "none":
      return { text: undefined, contentType: undefined }
    case "json":
      return { text: JSON.stringify(body.value), contentType: "application/json" }
    case "raw":
      return { text: body.text, contentType: body.contentType }
  }
}

export type Tokens = Readonly<Record<"admin" | "member" | "outsider", string>>

/** The `authorization` header a principal sends, if any. */
export const authorizationOf = (principal: Principal, tokens: Tokens): string | undefined => {
  switch (principal) {
    case "admin":
    case "member":
    case "outsider":
      return `Bearer ${tokens[principal]}`
    case "anonymous":
      return undefined
    case "wrongToken":
      return "Bearer quire_thisIsNotAToken0000000000000000000"
    case "malformedAuthorization":
      return "Basic YWRtaW46YWRtaW4="
  }
}

/** A request's wire form as `principal`, with a body if one is given. */
export const wireOf = (method: string, path: string, principal: Principal, tokens: Tokens, body: Body = noBody): WireRequest => {
  const { text, contentType } = serialise(body)
  const headers: Record<string, string> = {}
  const authorization = authorizationOf(principal, tokens)
  if (authorization !== undefined) headers.authorization = authorization
  if (contentType !== undefined) headers["content-type"] = contentType
  return { method, path, headers, body: text }
}

/** The request with the principal's credentials: `tokens` are the world's people's. */
export const toWire = (request: FuzzRequest, tokens: Tokens): WireRequest =>
  wireOf(request.operation.method, pathOf(request), request.principal, tokens, request.body)
