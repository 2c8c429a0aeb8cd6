import type { FileValue, PageValue, ReusableValue } from "../objects.js"
import type { ContentUrls } from "./ContentUrls.js"
import type {
  RevisionFile,
  RevisionPage,
  RevisionPageChild,
  RevisionPageLayoutOptions,
  RevisionReusableContent
} from "./wire.js"

/** Pages already loaded: what rendering reads, without further I/O. */
export interface LoadedPages {
  readonly pages: ReadonlyMap<string, PageValue>
  /** Children ids of a page (`""`: the root level), in order. */
  readonly children: ReadonlyMap<string, ReadonlyArray<string>>
  /** Each document page's `markdown` (see `pageMarkdown`) by page id, when markdown is rendered. */
  readonly markdown?: ReadonlyMap<string, string>
}

const defaultLayout: RevisionPageLayoutOptions = {
  width: "default",
  cover: true,
  coverSize: "hero",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true
}

const layoutOf = (layout: unknown): RevisionPageLayoutOptions =>
  typeof layout === "object" && layout !== null
    ? Object.assign({}, defaultLayout, layout as Partial<RevisionPageLayoutOptions>)
    : defaultLayout

const joinPath = (parentPath: string, slug: string | undefined) =>
  parentPath === "" ? (slug ?? "") : slug === undefined ? parentPath : `${parentPath}/${slug}`

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }))

/** A page in the official `RevisionPage*` shape, with its subpages; `parentPath` is its parent's path. */
export const renderPage = (
  loaded: LoadedPages,
  page: PageValue,
  parentPath: string,
  urls: ContentUrls
): RevisionPage => {
  const path = joinPath(parentPath, page.slug)
  // Each answer starts with `id`, not with `...base`: V8 (Node 20) gives every object that a
  // literal begins with a spread and then adds to a hidden class of its own (see docs/design.md, "Rules for read paths").
  const base = {
    title: page.title,
    ...optional("emoji", page.emoji),
    ...optional("icon", page.icon),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    ...optional("condition", page.condition)
  }
  const subpages = () =>
    (loaded.children.get(page.id) ?? []).flatMap((id) => {
      const child = loaded.pages.get(id)
      return child === undefined ? [] : [renderPage(loaded, child, path, urls) as RevisionPageChild]
    })
  switch (page.type) {
    case "document":
      return {
        id: page.id,
        ...base,
        kind: "sheet",
        type: "document",
        urls: { app: urls.page(page.id, path) },
        slug: page.slug ?? "",
        path,
        ...optional("description", page.description),
        pages: subpages(),
        layout: layoutOf(page.layout),
        ...optional("cover", page.cover),
        hidden: page.hidden,
        noIndex: page.noIndex,
        noRobotsIndex: page.noRobotsIndex,
        tags: [],
        ...optional("documentId", page.document ?? undefined),
        ...optional("markdown", loaded.markdown?.get(page.id))
      }
    case "group":
      return {
        id: page.id,
        ...base,
        kind: "group",
        type: "group",
        slug: page.slug ?? "",
        path,
        hidden: page.hidden,
        noIndex: page.noIndex,
        noRobotsIndex: page.noRobotsIndex,
        pages: subpages()
      }
    case "link":
      return { id: page.id, ...base, kind: "link", type: "link", target: page.target ?? { kind: "url", url: page.href ?? "" }, ...optional("href", page.href), hidden: page.hidden }
    case "computed":
      return { id: page.id, ...base, type: "computed", computed: page.computed ?? {} }
  }
}

/** The root level's pages with their subpages. */
export const renderPageTree = (loaded: LoadedPages, urls: ContentUrls): ReadonlyArray<RevisionPage> =>
  (loaded.children.get("") ?? []).flatMap((id) => {
    const page = loaded.pages.get(id)
    return page === undefined ? [] : [renderPage(loaded, page, "", urls)]
  })

export const renderFile = (file: FileValue, urls: ContentUrls): RevisionFile => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  downloadURL: urls.file(file.id, file.name),
  size: file.size,
  ...optional("dimensions", file.dimensions)
})

export const renderReusable = (reusable: ReusableValue): RevisionReusableContent => ({
  id: reusable.id,
  title: reusable.title,
  ...optional("document", reusable.document ?? undefined)
})
