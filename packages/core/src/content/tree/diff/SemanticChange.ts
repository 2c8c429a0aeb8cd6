import type { PageType } from "../objects.js"

/** The official `ChangedRevisionPage`. */
export interface ChangedRevisionPage {
  readonly id: string
  readonly type: PageType
  readonly title: string
  readonly path?: string
}

/** The official `ChangedRevisionFile`. */
export interface ChangedRevisionFile {
  readonly id: string
  readonly name: string
  readonly contentType: string
  readonly downloadURL: string
}

/** The official `ChangeAttribute*`: a value before and after (absent on the side where it is unset). */
export interface ChangeAttribute<A> {
  readonly before?: A
  readonly after?: A
}

/**
 * The official `RevisionPage{Document,Group,Link}ChangeAttributes`, by page type: title,
 * description, slug, document (the document ids), cover, emoji, layout for documents; title,
 * emoji, slug for groups; title, emoji, target for links. Quire also reports icon, hidden,
 * noIndex, noRobotsIndex and condition, which the spec's objects leave open.
 */
export type PageChangeAttributes = Readonly<Record<string, ChangeAttribute<unknown>>>

/** The official `RevisionSemanticChange` variants for pages and files. */
export type RevisionSemanticChange =
  | { readonly type: "page_created"; readonly page: ChangedRevisionPage }
  | { readonly type: "page_edited"; readonly page: ChangedRevisionPage; readonly attributes: PageChangeAttributes }
  | { readonly type: "page_deleted"; readonly page: ChangedRevisionPage }
  | {
      readonly type: "page_moved"
      readonly page: ChangedRevisionPage
      readonly parent: { readonly before?: ChangedRevisionPage; readonly after?: ChangedRevisionPage }
    }
  | { readonly type: "file_created"; readonly file: ChangedRevisionFile }
  | { readonly type: "file_edited"; readonly file: ChangedRevisionFile; readonly attributes: Readonly<Record<string, ChangeAttribute<unknown>>> }
  | { readonly type: "file_deleted"; readonly file: ChangedRevisionFile }

/** The official `RevisionSemanticChanges`. */
export interface RevisionSemanticChanges {
  readonly changes: ReadonlyArray<RevisionSemanticChange>
}
