import { Effect } from "effect"
import { canonicalJson } from "../../store/canonical.js"
import { withoutUndefined } from "../apply/pageFields.js"
import type { PageValue } from "../objects.js"
import { conflictOn, type MergeState } from "./MergeState.js"
import { mergeText } from "./mergeText.js"

/** Fields merged on their own rather than as plain values. */
const special = new Set(["id", "document", "parent", "createdAt", "updatedAt"])

const same = (a: unknown, b: unknown) => (a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b))

/** The three-way pick of one value: the side that changed it, or undefined-and-conflict when both did, differently. */
const pick = (base: unknown, ours: unknown, theirs: unknown): { readonly value: unknown } | "conflict" =>
  same(ours, theirs) ? { value: ours } : same(ours, base) ? { value: theirs } : same(theirs, base) ? { value: ours } : "conflict"

/**
 * A page both sides changed (and neither deleted): each metadata field three-way on its own,
 * the parent three-way (different moves on both sides conflict), the document by a three-way
 * text merge, `updatedAt` the later of the two. Conflicts are recorded; the page is then left
 * as ours has it.
 */
export const mergePage = (state: MergeState, base: PageValue | undefined, ours: PageValue, theirs: PageValue) =>
  Effect.gen(function* () {
    const b = (base ?? {}) as Record<string, unknown>
    const o = ours as unknown as Record<string, unknown>
    const t = theirs as unknown as Record<string, unknown>
    const merged: Record<string, unknown> = { ...o }
    const conflicting: Array<string> = []
    for (const field of new Set([...Object.keys(b), ...Object.keys(o), ...Object.keys(t)])) {
      if (special.has(field)) continue
      const picked = pick(b[field], o[field], t[field])
      if (picked === "conflict") conflicting.push(field)
      else merged[field] = picked.value
    }
    let clean = true
    if (conflicting.length > 0) {
      clean = false
      yield* conflictOn(state, "fields", ours.id, `both sides changed ${conflicting.join(", ")} of the page, differently`, {
        fields: conflicting.sort()
      })
    }
    const parent = pick(base?.parent, ours.parent, theirs.parent)
    if (parent === "conflict") {
      clean = false
      yield* conflictOn(state, "moved", ours.id, "both sides moved the page, under different parents")
    } else merged["parent"] = parent.value

    const document = pick(base?.document ?? null, ours.document, theirs.document)
    if (document !== "conflict") merged["document"] = document.value
    else {
      const text = (hash: string | null | undefined) => (hash === null || hash === undefined ? Effect.succeed("") : state.tree.document(hash))
      const body = mergeText(yield* text(base?.document), yield* text(ours.document), yield* text(theirs.document))
      if (body === undefined) {
        clean = false
        yield* conflictOn(state, "document", ours.id, "both sides edited the same part of the page's document")
      } else merged["document"] = body.trim() === "" ? null : state.tree.addDocument(body)
    }
    merged["updatedAt"] = ours.updatedAt >= theirs.updatedAt ? ours.updatedAt : theirs.updatedAt
    if (clean) state.tree.setPage(withoutUndefined(merged as unknown as PageValue))
  })
