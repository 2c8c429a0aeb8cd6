/** A section's or site space's path: 1..100 URL-safe characters, no slash. */
export const PATH_MAX = 100
export const PATH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/

/** `base`, or `base-2`, `base-3`, ... : the first not in `taken`, within the length limit. */
export const uniquePath = (base: string, taken: ReadonlySet<string>): string => {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, PATH_MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
