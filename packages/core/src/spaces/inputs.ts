import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"
import { CollectionId } from "../shared/ids.js"
import { maxLength } from "../shared/validation.js"
import { SpaceEditMode } from "../storage/spaces/SpaceRecord.js"

const EMOJI_CHARACTERS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u
/** Digits, `#` and `*` are emoji components (keycaps) but are no emoji on their own. */
const NOT_ONLY_ASCII = /[^ -~]/
/** Code points in hex, as GitBook also accepts: `1f600`, `1f468-200d-1f4bb`. */
const EMOJI_CODE_POINTS = /^[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*$/i

const isEmojiText = (s: string): boolean => EMOJI_CHARACTERS.test(s) && NOT_ONLY_ASCII.test(s)

const fromCodePoints = (s: string): string | undefined => {
  const points = s.split("-").map((hex) => Number.parseInt(hex, 16))
  return points.every((p) => p <= 0x10ffff) ? String.fromCodePoint(...points) : undefined
}

export const isEmoji = (s: string): boolean => {
  if (!EMOJI_CODE_POINTS.test(s)) return isEmojiText(s)
  const text = fromCodePoints(s)
  return text !== undefined && isEmojiText(text)
}

/** Emoji to generate from: single ones, sequences joined with U+200D, a flag, a keycap, code points. */
const SAMPLE_EMOJI = ["😀", "📚", "🚀", "✅", "❤️", "👩‍💻", "🏳️‍🌈", "🇫🇷", "1️⃣", "1f600", "1F4DA", "1f468-200d-1f4bb"]

/** At most 50 characters (code points, as JSON Schema counts them) that are all emoji. */
export const Emoji = Schema.String.pipe(
  Schema.filter((s) => [...s].length <= 50, { message: () => "must be at most 50 characters" }),
  Schema.filter(isEmoji, {
    message: () => "must be an emoji, or its code points in hex such as 1f600",
    jsonSchema: { maxLength: 50 },
    // Random strings are almost never emoji: generate from samples (validation is unchanged).
    arbitrary: () => (fc) => fc.constantFrom(...SAMPLE_EMOJI)
  })
)

/** The longest space title, in characters. */
export const SPACE_TITLE_MAX = 50
export const SpaceTitle = maxLength(SPACE_TITLE_MAX)

export const CreateSpaceInput = Schema.Struct({
  title: Schema.optional(SpaceTitle),
  emoji: Schema.optional(Emoji),
  /** Id of the parent collection; absent: the organization's root. */
  parent: Schema.optional(CollectionId),
  editMode: Schema.optional(SpaceEditMode),
  /** A space has no content yet, so every space starts empty. */
  empty: Schema.optional(Schema.Literal(true))
})
export type CreateSpaceInput = typeof CreateSpaceInput.Encoded

export const UpdateSpaceInput = Schema.Struct({
  editMode: Schema.optional(SpaceEditMode),
  title: Schema.optional(SpaceTitle),
  defaultLevel: Schema.optional(DefaultLevel),
  /** `null` removes the emoji. */
  emoji: Schema.optional(Schema.NullOr(Emoji))
})
export type UpdateSpaceInput = typeof UpdateSpaceInput.Encoded
