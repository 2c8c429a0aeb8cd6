import { InvalidInput } from "../shared/errors.js"

/** The branch `refs/heads/<branch>` names, or `InvalidInput` naming `field`. */
export const branchOfRef = (ref: string, field = "ref"): string | InvalidInput => {
  const branch = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : undefined
  const valid =
    branch !== undefined &&
    branch !== "" &&
    // git check-ref-format's rules, the ones a name given by a person can break.
    ![...branch].some((character) => character.charCodeAt(0) < 0x20 || character === "\u007f") &&
    !/[\s~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$|\.lock(\/|$)|(^|\/)\./.test(branch)
  return valid ? branch : InvalidInput.of(field, "must name a branch as `refs/heads/<branch>`")
}

/**
 * A folder of the repository in canonical form: no leading or trailing `/`, `""` for the
 * whole tree; `InvalidInput` naming `field` for `.`, `..`, `.git` or empty segments.
 */
export const normalizeDirectory = (directory: string | undefined, field = "directory"): string | InvalidInput => {
  const trimmed = (directory ?? "").replace(/^\/+|\/+$/g, "")
  if (trimmed === "") return ""
  return trimmed.split("/").every(isPlainSegment) ? trimmed : InvalidInput.of(field, "must be a folder path without `.`, `..`, `.git` or empty segments")
}

const isPlainSegment = (segment: string) => segment !== "" && segment !== "." && segment !== ".." && segment.toLowerCase() !== ".git"

/** Whether `path` is a file path Git can hold in a tree and a checkout cannot misread. */
export const isPlainFilePath = (path: string): boolean => path.split("/").every(isPlainSegment)

/** Whether the repository path `path` lies under `directory` (`""`: everywhere). */
export const isUnder = (path: string, directory: string): boolean => directory === "" || path.startsWith(`${directory}/`)
