/**
 * Characters beyond Latin-1 that PDF's standard fonts (Helvetica, Courier) can show: their
 * WinAnsi encoding is Latin-1 with these in place of the C1 controls.
 */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ")

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code < 0xa0)

/**
 * `text` as the standard fonts can write it: a character they lack becomes `?` (one per
 * character, not per UTF-16 unit), a tab four spaces; other control characters but line
 * breaks are dropped.
 */
export const pdfText = (text: string): string => {
  let out = ""
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (char === "\n") out += char
    else if (char === "\t") out += "    "
    else if (isControl(code)) continue
    else out += code <= 0xff || WIN_ANSI_EXTRAS.has(char) ? char : "?"
  }
  return out
}
