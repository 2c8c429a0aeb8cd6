import { closingQuote } from "./input/closingQuote.js"

/** How much of a value an error message quotes: values longer than this are cut, with `…`. */
export const QUOTED_VALUE_LENGTH = 64

/** Longer messages are cut, whatever made them: an answer never carries a value back whole. */
export const MAX_MESSAGE_LENGTH = 1024

/** The first `length` characters of `text` from `start`, without splitting a surrogate pair. */
const prefix = (text: string, start: number, length: number): string => {
  const code = text.charCodeAt(start + length - 1)
  return text.slice(start, start + (code >= 0xd800 && code <= 0xdbff ? length - 1 : length))
}

/** `text` cut to `length` characters, with `…` when it was longer. */
export const shortValue = (text: string, length = QUOTED_VALUE_LENGTH): string =>
  text.length > length ? `${prefix(text, 0, length)}…` : text

/** `value`, the text between `open` and `end`, as quoted in a short message. */
const quoted = (message: string, open: number, end: number): string => {
  const length = end - open - 1
  return length > QUOTED_VALUE_LENGTH ? `${prefix(message, open + 1, QUOTED_VALUE_LENGTH)}…` : message.slice(open + 1, end)
}

/**
 * `message` with every quoted value cut to `QUOTED_VALUE_LENGTH` characters and the whole to
 * `MAX_MESSAGE_LENGTH`: error messages name the value they refuse (`Expected "a" | "b", actual
 * "..."`, `"..." is not a member`), and a 1 MB value must not come back in the answer. Values
 * are quoted as schema errors and the core quote them, `"…"` with JSON escapes. The walk stops
 * once the message is long enough, so it costs little whatever the message.
 */
export const shortMessage = (message: string): string => {
  if (message.length <= QUOTED_VALUE_LENGTH) return message
  let short = ""
  let at = 0
  while (at < message.length && short.length <= MAX_MESSAGE_LENGTH) {
    const open = message.indexOf('"', at)
    const plain = open === -1 ? message.length : open
    short += message.slice(at, Math.min(plain, at + MAX_MESSAGE_LENGTH + 1))
    if (open === -1) break
    const close = closingQuote(message, open)
    const end = close === -1 ? message.length : close
    short += `"${quoted(message, open, end)}${close === -1 ? "" : '"'}`
    at = end + 1
  }
  return short.length > MAX_MESSAGE_LENGTH ? `${prefix(short, 0, MAX_MESSAGE_LENGTH)}…` : short
}
