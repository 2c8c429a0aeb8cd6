import { InvalidInput } from "../../shared/errors.js"

export interface LayoutOptions {
  /** The folder of the repository the content lives in (`repoProjectDirectory`); the top by default. */
  readonly repoProjectDirectory?: string
}

/** The project directory as a path prefix (`""` or `docs/`); `InvalidInput` for `.`, `..`, `.git` or empty segments. */
export const projectPrefix = (options: LayoutOptions): string | InvalidInput => {
  const directory = (options.repoProjectDirectory ?? "").replace(/^\/+|\/+$/g, "")
  if (directory === "") return ""
  const segments = directory.split("/")
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.toLowerCase() === ".git")) {
    return InvalidInput.of("repoProjectDirectory", "must be a folder path without `.`, `..`, `.git` or empty segments")
  }
  return `${directory}/`
}
