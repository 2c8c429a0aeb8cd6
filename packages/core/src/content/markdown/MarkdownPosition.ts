import type { Root } from "mdast"

/** Where a node sits in the markdown it was read from (1-based line/column, 0-based offset). */
export type MarkdownPosition = NonNullable<Root["position"]>
