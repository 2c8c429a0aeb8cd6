const BACKSLASH = 0x5c

/**
 * The index of the quote that closes the JSON-style string opened by the quote at `open`
 * (a quote preceded by an odd number of backslashes is escaped), or -1 when none does.
 * Linear in the distance covered, whatever the text.
 */
export const closingQuote = (text: string, open: number): number => {
  let at = open
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at === -1) return -1
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
  }
}
