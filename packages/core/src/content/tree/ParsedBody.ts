import type { ParsedDocument } from "../markdown/parseDocument.js"

/**
 * A page's body already read (its limits checked, printed canonically: `ParsedDocument.body`),
 * made only from a `ParsedDocument`: `importPages` stores it as it is instead of reading the
 * markdown a second time. An import that had to parse each file for its frontmatter and title
 * (the Git layout) hands its bodies on this way.
 */
export class ParsedBody {
  private constructor(readonly body: string) {}

  static of(parsed: ParsedDocument): ParsedBody {
    return new ParsedBody(parsed.body)
  }
}
