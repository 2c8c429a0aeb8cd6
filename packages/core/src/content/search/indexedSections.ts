import type { IndexedSection } from "../../storage/search/SearchRecords.js"
import { documentOutline } from "../markdown/parseDocument.js"
import type { PageValue } from "../tree/objects.js"
import type { BodyOutline } from "../tree/ParsedBody.js"
import { flatText } from "./flatText.js"
import { tokenText } from "./searchTokens.js"

/**
 * The sections of a page as the index keeps them: its lead (title, description, the text
 * before the first heading) and one per top-level heading. Document and group pages are
 * indexed (a group by its title); link and computed pages are not. `outline`: the markdown's
 * `documentOutline` when the caller already has it (an import that has just parsed it).
 */
export const indexedSections = (page: PageValue, markdown: string | undefined, outline?: BodyOutline): ReadonlyArray<IndexedSection> => {
  if (page.type !== "document" && page.type !== "group") return []
  const title = tokenText(page.title)
  const parsed = markdown === undefined || markdown === "" ? undefined : (outline ?? documentOutline(markdown))
  const leadBody = [page.description ?? "", parsed?.lead ?? ""].filter((part) => part !== "").join("\n")
  const lead: IndexedSection = {
    pageId: page.id,
    anchor: "",
    heading: page.title,
    body: flatText(leadBody),
    terms: { title, heading: "", body: tokenText(leadBody) }
  }
  const sections = (parsed?.sections ?? []).map(
    (section): IndexedSection => ({
      pageId: page.id,
      anchor: section.anchor,
      heading: section.text,
      body: flatText(section.body),
      terms: { title, heading: tokenText(section.text), body: tokenText(section.body) }
    })
  )
  return [lead, ...sections]
}
