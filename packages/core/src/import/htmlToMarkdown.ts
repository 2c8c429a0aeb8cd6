import type TurndownService from "turndown"
import { lazyRequire } from "../shared/lazyRequire.js"
import type { DomElement } from "./htmlDom.js"

// Loaded at the first HTML import (see `lazyRequire`). The plugin ships no types; it is one turndown plugin.
const turndownService = lazyRequire<typeof TurndownService>("turndown")
const gfmPlugin = lazyRequire<{ readonly gfm: TurndownService.Plugin }>("@joplin/turndown-plugin-gfm")

let made: TurndownService | undefined
const turndown = (): TurndownService => {
  made ??= new (turndownService())({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    strongDelimiter: "**",
    hr: "***"
  }).use(gfmPlugin().gfm)
  return made
}

/** An element's content as markdown (GFM tables, strikethrough and task lists included). */
export const htmlToMarkdown = (root: DomElement): string => turndown().turndown(root as unknown as TurndownService.Node).trim()
