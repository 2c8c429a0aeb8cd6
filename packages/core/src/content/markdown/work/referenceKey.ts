import type { ResolvableReference } from "../resolveLinks.js"

/** A resolvable reference's identity as resolving sees it: same key, same target. */
export type ResolvableReferenceKey = string

export const resolvableReferenceKey = (reference: ResolvableReference): ResolvableReferenceKey =>
  JSON.stringify([reference.kind, reference.written, reference.kind === "page" ? reference.page : reference.path])
