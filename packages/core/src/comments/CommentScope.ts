import type { ContentScope } from "../content-scope/ContentScope.js"
import type { CommentPlace } from "../storage/comments/CommentRepository.js"
import type { ResolvedScope } from "../content-scope/ResolvedScope.js"

/** Where comments are read and posted: a space's main content or a change request's (`ContentScope.Space` or `.ChangeRequest`). */
export type CommentScope = Extract<ContentScope, { readonly _tag: "Space" | "ChangeRequest" }>

/** The place a resolved scope's comments are kept. */
export const placeOf = (resolved: ResolvedScope): CommentPlace => ({
  spaceId: resolved.space.record.id,
  changeRequestId: resolved.changeRequest?.id ?? null
})
