/**
 * What a PDF is written from: each exported page as a title and its body's blocks, text
 * plain (emphasis, links and inline code read as their text). Made by `markdownBlocks`,
 * images resolved by `exportBlocks`, written by `renderPdf`.
 */
export type Block =
  | { readonly kind: "title"; readonly text: string; readonly depth: number; readonly newPage: boolean }
  | { readonly kind: "heading"; readonly text: string; readonly level: number }
  | { readonly kind: "paragraph"; readonly text: string }
  | {
      readonly kind: "list"
      readonly ordered: boolean
      readonly start: number
      readonly items: ReadonlyArray<ReadonlyArray<Block>>
    }
  | { readonly kind: "code"; readonly text: string }
  | { readonly kind: "table"; readonly rows: ReadonlyArray<ReadonlyArray<string>> }
  | { readonly kind: "quote"; readonly blocks: ReadonlyArray<Block> }
  | { readonly kind: "rule" }
  /**
   * An image as written (`url`, `alt`); `image` once resolved: the bytes of a PNG or JPEG file
   * of the revision. Without them it is shown as its alt text (and an outside URL as text), and
   * `omitted` says why a file of the revision was left out (over `ImageLimits`).
   */
  | {
      readonly kind: "image"
      readonly url: string
      readonly alt: string
      readonly image?: EmbeddedImage | undefined
      readonly omitted?: string | undefined
    }

export interface EmbeddedImage {
  readonly format: "png" | "jpeg"
  readonly bytes: Uint8Array
}
