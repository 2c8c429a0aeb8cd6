import { lazyRequire } from "../shared/lazyRequire.js"

/** The few DOM members the HTML reader uses, as `@mixmark-io/domino` (turndown's own DOM) has them. */
export interface DomElement {
  readonly tagName: string
  readonly textContent: string | null
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>
  getAttribute(name: string): string | null
  removeAttribute(name: string): void
  remove(): void
  querySelector(selector: string): DomElement | null
  querySelectorAll(selector: string): ArrayLike<DomElement>
}

export interface DomDocument {
  readonly title: string
  readonly body: DomElement | null
  querySelector(selector: string): DomElement | null
  querySelectorAll(selector: string): ArrayLike<DomElement>
}

interface Domino {
  createDocument(html: string, force: boolean): DomDocument
}

// domino ships types for a module named `domino` written against the DOM library, which the
// core does not load; this interface says what is used instead.
const domino = lazyRequire<Domino>("@mixmark-io/domino")

/** A spec-compliant HTML5 parse of `html` (never throws: browsers' error recovery). */
export const parseHtml = (html: string): DomDocument => domino().createDocument(html, true)
