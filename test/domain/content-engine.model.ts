import { FastCheck as fc } from "effect"
import type { ContentChangeInput, ImportedPage } from "../../packages/core/src/content/tree/index.js"

/**
 * A model of a page tree and a generator of valid change batches for it: each generated
 * intent is turned into a change only when it is valid in the model as the batch left it
 * (so every batch is valid), and the model records what the engine must then hold.
 */
export interface ModelPage {
  /** A stored page's id, or the batch ref of a page the batch inserts. */
  readonly key: string
  title: string
  slug: string
  parent: string | null
  /** The markdown it was given (by the base tree or the batch). */
  body: string | undefined
}

export interface Model {
  readonly pages: Map<string, ModelPage>
  /** By parent key (`""`: the root level). */
  readonly children: Map<string, Array<string>>
}

const keyOf = (parent: string | null) => parent ?? ""

export const modelOf = (pages: ReadonlyArray<ImportedPage & { readonly id: string }>): Model => {
  const model: Model = { pages: new Map(), children: new Map() }
  for (const page of pages) {
    const parent = page.parent ?? null
    model.pages.set(page.id, { key: page.id, title: page.title, slug: page.slug!, parent, body: page.markdown })
    model.children.set(keyOf(parent), [...(model.children.get(keyOf(parent)) ?? []), page.id])
  }
  return model
}

export const cloneModel = (model: Model): Model => ({
  pages: new Map([...model.pages].map(([key, page]) => [key, { ...page }])),
  children: new Map([...model.children].map(([key, ids]) => [key, [...ids]]))
})

const childrenOf = (model: Model, parent: string | null) => model.children.get(keyOf(parent)) ?? []

const place = (model: Model, key: string, parent: string | null, at: number | null) => {
  const others = childrenOf(model, parent).filter((k) => k !== key)
  const index = at === null ? others.length : Math.min(at, others.length)
  model.children.set(keyOf(parent), [...others.slice(0, index), key, ...others.slice(index)])
}

const detach = (model: Model, key: string, parent: string | null) =>
  model.children.set(
    keyOf(parent),
    childrenOf(model, parent).filter((k) => k !== key)
  )

const isWithin = (model: Model, key: string | null, ancestor: string): boolean =>
  key !== null && (key === ancestor || isWithin(model, model.pages.get(key)!.parent, ancestor))

const slugTaken = (model: Model, parent: string | null, slug: string, self: string) =>
  childrenOf(model, parent).some((k) => k !== self && model.pages.get(k)!.slug === slug)

export const subtreeOf = (model: Model, key: string): Array<string> => [
  key,
  ...childrenOf(model, key).flatMap((child) => subtreeOf(model, child))
]

/** What a change was meant to do, before the model says whether it is valid. */
export type Intent =
  | { readonly kind: "insert"; readonly parent: number; readonly at: number | null; readonly words: ReadonlyArray<string> }
  | {
      readonly kind: "update"
      readonly page: number
      readonly retitle: boolean
      readonly reslug: boolean
      readonly move: { readonly parent: number; readonly at: number | null } | null
      readonly words: ReadonlyArray<string> | null
    }
  | { readonly kind: "delete"; readonly page: number }

const words = fc.array(fc.constantFrom("alpha", "beta", "gamma", "delta", "café", "Install now", "x"), { minLength: 1, maxLength: 6 })
const pick = fc.nat({ max: 1000 })
const at = fc.option(fc.nat({ max: 6 }), { nil: null })

export const intent: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("insert" as const), parent: pick, at, words }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      page: pick,
      retitle: fc.boolean(),
      reslug: fc.boolean(),
      move: fc.option(fc.record({ parent: pick, at }), { nil: null }),
      words: fc.option(words, { nil: null })
    })
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), page: pick }) }
)

/** A base tree of up to `max` pages: random parents, titles `B<n>`. */
export const baseTree = (max: number) =>
  fc.array(fc.tuple(pick, words), { maxLength: max }).map((specs) => {
    const pages: Array<ImportedPage & { readonly id: string }> = []
    for (const [index, [parentPick, body]] of specs.entries()) {
      const parentIndex = parentPick % (pages.length + 1)
      pages.push({
        id: `base${index}`,
        title: `B${index}`,
        slug: `b${index}`,
        parent: parentIndex === pages.length ? null : pages[parentIndex]!.id,
        markdown: body.join(" ")
      })
    }
    return pages
  })

/** A page of the model picked by `n`, or the root level when `n` lands past the pages. */
const pickParent = (keys: ReadonlyArray<string>, n: number): string | null => {
  const index = n % (keys.length + 1)
  return index === keys.length ? null : keys[index]!
}

/**
 * The valid batch the intents make on `model` (which it updates), and the keys of the pages
 * each change touched (a deleted page's subpages included).
 */
export const batchOf = (
  model: Model,
  intents: ReadonlyArray<Intent>,
  options: { readonly reorders?: boolean; readonly tag?: string } = {}
) => {
  const counter = { n: 0 }
  const tag = options.tag ?? ""
  const firstParent = new Map([...model.pages].map(([key, page]) => [key, page.parent]))
  const changes: Array<ContentChangeInput> = []
  const touched = new Set<string>()
  const deleted = new Set<string>()
  for (const it of intents) {
    const keys = [...model.pages.keys()]
    const n = ++counter.n
    if (it.kind === "insert") {
      const parent = pickParent(keys, it.parent)
      const key = `r${tag}${n}`
      const title = `T${tag}${n}`
      const body = it.words.join(" ")
      changes.push({
        operation: "insert_page",
        ref: key,
        title,
        document: { markdown: body },
        ...(parent !== null ? { into: parent } : {}),
        ...(it.at !== null ? { at: it.at } : {})
      })
      model.pages.set(key, { key, title, slug: `t${tag.toLowerCase()}${n}`, parent, body })
      place(model, key, parent, it.at)
      touched.add(key)
      continue
    }
    if (keys.length === 0) continue
    const key = keys[it.page % keys.length]!
    const page = model.pages.get(key)!
    if (it.kind === "delete") {
      for (const k of subtreeOf(model, key)) {
        touched.add(k)
        deleted.add(k)
        model.pages.delete(k)
        model.children.delete(k)
      }
      detach(model, key, page.parent)
      changes.push({ operation: "delete_page", page: key })
      continue
    }
    const parent = it.move === null ? page.parent : pickParent(keys, it.move.parent)
    if (parent !== null && isWithin(model, parent, key)) continue
    // Without reorders, a move always changes the parent, and never back to the first one:
    // a net reorder among the same siblings may be reported on a sibling instead.
    if (options.reorders === false && it.move !== null && (parent === page.parent || parent === firstParent.get(key))) continue
    const slug = it.reslug ? `s${tag.toLowerCase()}${n}` : page.slug
    if ((parent !== page.parent || slug !== page.slug) && slugTaken(model, parent, slug, key)) continue
    const change: Record<string, unknown> = { operation: "update_page", page: key }
    if (it.retitle) {
      change["title"] = `U${tag}${n}`
      page.title = `U${tag}${n}`
    }
    if (it.reslug) change["slug"] = slug
    page.slug = slug
    if (it.words !== null) {
      page.body = it.words.join(" ")
      change["document"] = { markdown: page.body }
    }
    if (it.move !== null) {
      change["into"] = parent
      if (it.move.at !== null) change["at"] = it.move.at
      if (parent !== page.parent) {
        detach(model, key, page.parent)
        place(model, key, parent, it.move.at)
      } else if (it.move.at !== null) place(model, key, parent, it.move.at)
      page.parent = parent
    }
    changes.push(change as unknown as ContentChangeInput)
    touched.add(key)
  }
  return { changes, touched, deleted }
}
