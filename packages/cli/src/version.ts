import { readFileSync } from "node:fs"

/**
 * The `version` in this package's package.json, read when asked: the file is one folder above
 * this module both in `src/` (run through tsx) and in `dist/` (run by node, or installed).
 */
export const version = (): string =>
  (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { readonly version: string }).version
