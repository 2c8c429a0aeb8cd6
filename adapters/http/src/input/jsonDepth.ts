import { closingQuote } from "./closingQuote.js"

const QUOTE = 0x22
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

/**
 * Whether arrays and objects in the JSON `text` nest more than `max` deep, found with one
 * loop over the text (no recursion, so any depth is safe to ask about). Text that is not
 * JSON gets some answer; parsing it reports it.
 */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === QUOTE) {
      at = closingQuote(text, at)
      if (at === -1) return false
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return true
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--
    }
  }
  return false
}
