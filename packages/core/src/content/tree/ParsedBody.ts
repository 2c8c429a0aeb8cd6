import type { ParsedDocument } from "../markdown/parseDocument.js"

/** What the search index reads of a body: its lead and sections (`documentOutline`). */
export type BodyOutline = Pick<ParsedDocument, "lead" | "sections">

/**
 * A page's body already read (its limits checked, printed canonically: `ParsedDocument.body`),
 * made only from a `ParsedDocument`: `importPages` stores it as it is instead of reading the
 * markdown a second time. An import that had to parse each file for its frontmatter and title
 * (the Git layout) hands its bodies on this way.
 */
export class ParsedBody {
  private constructor(
    readonly body: string,
    /**
     * `documentOutline(body)`, known from the parse without reading the body again, so the search
     * index need not: unless the body opens with a level-1 heading, which read alone it would take
     * for a title (then undefined).
     */
    readonly outline: BodyOutline | undefined
  ) {}

  static of(parsed: ParsedDocument): ParsedBody {
    const opensWithTitle = parsed.lead === "" && parsed.sections[0]?.depth === 1
    return new ParsedBody(parsed.body, opensWithTitle ? undefined : { lead: parsed.lead, sections: parsed.sections })
  }
}

/** The outlines the pages' parsed bodies carry, by body: what `SearchIndexer.follow` takes as `outlines`. */
export const outlinesOf = (pages: ReadonlyArray<{ readonly parsedBody?: ParsedBody | undefined }>): ReadonlyMap<string, BodyOutline> => {
  const outlines = new Map<string, BodyOutline>()
  for (const { parsedBody } of pages) {
    if (parsedBody?.outline !== undefined) outlines.set(parsedBody.body, parsedBody.outline)
  }
  return outlines
}
