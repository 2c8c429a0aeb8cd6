import { createRequire } from "node:module"

/**
 * A CommonJS package loaded on its first use instead of when the module naming it loads: for the
 * large libraries of occasional work (importing a .docx, Git sync), which every process that
 * imports the core would otherwise load (~3 s of a loaded machine's start for five of them).
 * Resolved from this file's place: in `@quire/cli`'s bundle, from the bundle's, so the CLI
 * depends on each package named here.
 */
export const lazyRequire = <A>(name: string): (() => A) => {
  let loaded: A | undefined
  return () => {
    loaded ??= createRequire(import.meta.url)(name) as A
    return loaded
  }
}
