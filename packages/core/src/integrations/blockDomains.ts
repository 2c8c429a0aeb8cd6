/**
 * The hosts a block's `urlUnfurl` patterns name, lower case, without duplicates: what the
 * `blockDomain` filter matches (`https://www.youtube.com/**` → `www.youtube.com`). A pattern
 * without a scheme is read from its start; a port or path ends the host.
 */
export const blockDomains = (blocks: ReadonlyArray<{ readonly urlUnfurl?: ReadonlyArray<string> | undefined }>): ReadonlyArray<string> => {
  const hosts = new Set<string>()
  for (const block of blocks) {
    for (const pattern of block.urlUnfurl ?? []) {
      const afterScheme = pattern.includes("://") ? pattern.slice(pattern.indexOf("://") + 3) : pattern
      const host = afterScheme.split(/[/:?#]/)[0]!.toLowerCase()
      if (host !== "") hosts.add(host)
    }
  }
  return [...hosts].sort()
}
