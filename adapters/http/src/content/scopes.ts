import { HttpApiEndpoint } from "@effect/platform"
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
 * A GET of content in one scope: `name` (the official operationId) at `suffix` under the
 * scope's `content` path (or `owner`), its path parameters the scope's and `fields`. Each
 * content read is declared once as a function of the scope, and the groups add it in every
 * scope the official API serves it in.
 */
export const scopedGet = <const Name extends string, Scope extends ScopeName, Fields extends Schema.Struct.Fields>(
  name: Name,
  scope: Scope,
  suffix: string,
  fields: Fields,
  at: "content" | "owner" = "content"
): HttpApiEndpoint.HttpApiEndpoint<Name, "GET", Schema.Struct.Type<(typeof scopePaths)[Scope]["params"] & Fields>> =>
  // The compiler cannot check a generic path schema against "encodes to strings"; every field here is URL text.
  HttpApiEndpoint.get(name, `${scopePaths[scope][at]}${suffix}` as `/${string}`).setPath(
    Schema.Struct({ ...scopePaths[scope].params, ...fields }) as never
  ) as never

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
