/** One entry of a table of contents: a page's title and where it is, and its children. */
export interface SummaryEntry {
  readonly title: string
  /** The link as written: a markdown file's path relative to `SUMMARY.md`, or a URL (a link page); none for a plain group. */
  readonly target: string | undefined
  readonly children: ReadonlyArray<SummaryEntry>
}
