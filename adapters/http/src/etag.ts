import { createHash } from "node:crypto"
import { boundedMemo } from "./boundedMemo.js"

/**
 * Entity tags of content reads (RFC 9110 §8.8.3) and the `If-None-Match` precondition
 * (§13.1.2), as pure functions.
 *
 * A revision is immutable, so what a content read answers is decided by the revision it read
 * and what was asked of it (the page, the path, the file, the markdown flag, the list's page and
 * limit). Its tag is made of exactly these, with what else the body is built from: the public URL
 * the `urls` fields start with, and the version of the rendering (`REPRESENTATION`).
 */

/** What was asked of a revision: the read's name, then its arguments (each `undefined` written as `null`). */
export type Asked = ReadonlyArray<string | number | boolean | undefined>

/** Bumped whenever the rendering of content changes, so that no body cached under an old tag is taken for a new one. */
export const REPRESENTATION = 1

/** Revision ids are written in the tag as they are when they are plain (as `makeId` makes them), else only hashed. */
const plainId = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The tag of a source, remembered: a busy page is read far more often than it changes (at most
 * 20,000 sources; forgetting them all at once is enough, the next reads make the busy ones again).
 */
const tagOf = boundedMemo(
  (source: string) => {
    // The revision id is the source's third element (`contentTag`); read back only on a miss.
    const [, , revisionId] = JSON.parse(source) as [number, string, string]
    const digest = createHash("sha256").update(source).digest("base64url").slice(0, 22)
    return `"${plainId.test(revisionId) ? `${revisionId}.` : ""}${digest}"`
  },
  { maxEntries: 20_000 }
)

/**
 * The strong tag of a read of `revisionId`: `"<revision id>.<digest>"`, the digest the first 128
 * bits of the sha256 (base64url) of the representation version, `context` (the public URL),
 * the revision id and what was asked. Only characters an `opaque-tag` allows.
 */
export const contentTag = (revisionId: string, asked: Asked, context = ""): string =>
  tagOf(JSON.stringify([REPRESENTATION, context, revisionId, ...asked.map((part) => part ?? null)]))

/** One `entity-tag` of a header: `opaque` without its quotes. */
export interface EntityTag {
  readonly weak: boolean
  readonly opaque: string
}

/** `etagc`: `!`, `#`..`~`, and obs-text (Node reads header bytes as latin1). */
const opaqueText = /^[\x21\x23-\x7e\x80-\xff]*$/

/**
 * `If-None-Match = "*" / #entity-tag` (RFC 9110 §13.1.2, lists per §5.6.1: empty elements and
 * whitespace around commas are allowed). `*`, the tags in order, or `undefined` for a header that
 * is not one (which a server ignores, answering as if it had not been sent). Several header lines
 * arrive joined by `, `, which reads as one list.
 */
export const parseIfNoneMatch = (header: string): "*" | ReadonlyArray<EntityTag> | undefined => {
  const text = header.replace(/^[ \t]+|[ \t]+$/g, "")
  if (text === "*") return "*"
  const tags: Array<EntityTag> = []
  const length = text.length
  let at = 0
  const skipSpace = () => {
    while (at < length && (text[at] === " " || text[at] === "\t")) at++
  }
  while (at < length) {
    skipSpace()
    if (at === length) break
    if (text[at] === ",") {
      at++
      continue
    }
    const weak = text.startsWith("W/", at)
    if (weak) at += 2
    if (text[at] !== '"') return undefined
    const close = text.indexOf('"', at + 1)
    if (close === -1) return undefined
    const opaque = text.slice(at + 1, close)
    if (!opaqueText.test(opaque)) return undefined
    tags.push({ weak, opaque })
    at = close + 1
    skipSpace()
    if (at < length && text[at] !== ",") return undefined
  }
  return tags
}

/** What `If-None-Match` says of a representation: the client has it, has any there is (`*`), or has not got it. */
export type NoneMatch = "matched" | "any" | "unmatched"

/**
 * What `If-None-Match` says of the representation tagged `tag` (a strong tag, quotes included):
 * `matched` when one of its tags names it by the weak comparison (§8.8.3.2: the same opaque tag,
 * weak or not); `any` for `*`, which names whatever representation the resource has (so the
 * answer is 304 only if there is one: a read that would be 404 stays 404); else `unmatched`. No
 * header, or one that does not parse, is `unmatched`.
 */
export const ifNoneMatch = (header: string | undefined, tag: string): NoneMatch => {
  if (header === undefined) return "unmatched"
  const parsed = parseIfNoneMatch(header)
  if (parsed === undefined) return "unmatched"
  if (parsed === "*") return "any"
  const opaque = tag.slice(1, -1)
  return parsed.some((candidate) => candidate.opaque === opaque) ? "matched" : "unmatched"
}
