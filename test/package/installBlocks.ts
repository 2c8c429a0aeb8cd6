/**
 * The install commands of README.md (and any page that repeats them): each is a `sh` block
 * right after a `<!-- install:NAME -->` line. The outside-project test runs them as they are.
 */
export const installBlocks = (markdown: string): ReadonlyMap<string, string> =>
  new Map(
    [...markdown.matchAll(/<!-- install:([a-z-]+) -->\n```sh\n([\s\S]*?)```/g)].map((match) => [match[1]!, match[2]!])
  )

/** The tarballs a block installs, by file name (`quire-core.tgz`). */
export const tarballsOf = (block: string): ReadonlyArray<string> =>
  [...block.matchAll(/"\$QUIRE\/packs\/([a-z-]+\.tgz)"/g)].map((match) => match[1]!)

/** The registry packages a block installs with an explicit version (`effect@3.22.4`). */
export const pinnedOf = (block: string): ReadonlyMap<string, string> =>
  new Map([...block.matchAll(/(?<=\s)((?:@[a-z-]+\/)?[a-z][a-z0-9-]*)@(\d[^\s"]*)/g)].map((match) => [match[1]!, match[2]!]))
