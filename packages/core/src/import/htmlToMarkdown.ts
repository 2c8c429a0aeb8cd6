import { createRequire } from "node:module"
import TurndownService from "turndown"
import type { DomElement } from "./htmlDom.js"

// The plugin ships no types; it is one turndown plugin.
const { gfm } = createRequire(import.meta.url)("@joplin/turndown-plugin-gfm") as { readonly gfm: TurndownService.Plugin }

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "_",
  strongDelimiter: "**",
  hr: "***"
}).use(gfm)

/** An element's content as markdown (GFM tables, strikethrough and task lists included). */
export const htmlToMarkdown = (root: DomElement): string => turndown.turndown(root as unknown as TurndownService.Node).trim()
