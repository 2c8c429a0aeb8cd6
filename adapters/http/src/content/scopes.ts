import { HttpApiEndpoint, type HttpMethod } from "@effect/platform"
import { type ChangeRequestRef, ContentScope, type RevisionId, type SpaceId } from "@quire/core"
import { Schema } from "effect"
import { changeRequestId, revisionId, spaceId } from "../params.js"

/**
 * Where the official API serves each `ContentScope`: `owner`, the resource the content is of
 * (PDF exports and changes hang there), and `content`, where its reads are (a revision's are
 * right under it), with the path parameters that name it.
 */
const scopePaths = {
  Space: { owner: "/spaces/:spaceId", content: "/spaces/:spaceId/content", params: { spaceId } },
  ChangeRequest: {
    owner: "/spaces/:spaceId/change-requests/:changeRequestId",
    content: "/spaces/:spaceId/change-requests/:changeRequestId/content",
    params: { spaceId, changeRequestId }
  },
  Revision: { owner: "/spaces/:spaceId/revisions/:revisionId", content: "/spaces/:spaceId/revisions/:revisionId", params: { spaceId, revisionId } }
} as const

export type ScopeName = keyof typeof scopePaths

/**
 * An operation on what a scope holds: `name` (the official operationId), by `method`, at
 * `suffix` under the scope's `content` path (or `owner`), its path parameters the scope's and
 * `fields`. An operation the official API serves in several scopes is declared once as a
 * function of the scope, and its group adds it in each.
 */
export const scoped = <
  Method extends HttpMethod.HttpMethod,
  const Name extends string,
  Scope extends ScopeName,
  Fields extends Schema.Struct.Fields
>(
  method: Method,
  name: Name,
  scope: Scope,
  suffix: string,
  fields: Fields,
  at: "content" | "owner" = "content"
): HttpApiEndpoint.HttpApiEndpoint<Name, Method, Schema.Struct.Type<(typeof scopePaths)[Scope]["params"] & Fields>> =>
  // The compiler cannot check a generic path schema against "encodes to strings"; every field here is URL text.
  HttpApiEndpoint.make(method)(name, `${scopePaths[scope][at]}${suffix}` as `/${string}`).setPath(
    Schema.Struct({ ...scopePaths[scope].params, ...fields }) as never
  ) as never

/** A read of content in one scope (see `scoped`): each content read is declared once as a function of the scope. */
export const scopedGet = <const Name extends string, Scope extends ScopeName, Fields extends Schema.Struct.Fields>(
  name: Name,
  scope: Scope,
  suffix: string,
  fields: Fields,
  at: "content" | "owner" = "content"
): HttpApiEndpoint.HttpApiEndpoint<Name, "GET", Schema.Struct.Type<(typeof scopePaths)[Scope]["params"] & Fields>> =>
  scoped("GET", name, scope, suffix, fields, at)

/** The path parameters that name a scope: a change request's or a revision's, or else the space's. */
export interface ScopePath {
  readonly spaceId: SpaceId
  readonly changeRequestId?: ChangeRequestRef
  readonly revisionId?: RevisionId
}

/** The scope a request's path names. */
export const scopeOf = (path: ScopePath): ContentScope =>
  path.changeRequestId !== undefined
    ? ContentScope.ChangeRequest({ spaceId: path.spaceId, changeRequest: path.changeRequestId })
    : path.revisionId !== undefined
      ? ContentScope.Revision({ spaceId: path.spaceId, revisionId: path.revisionId })
      : ContentScope.Space({ spaceId: path.spaceId })
