/** The URL as it may be logged or shown: any user name or password replaced by `***`. */
export const redactUrl = (url: URL | string): string => {
  const parsed = typeof url === "string" ? parseUrl(url) : url
  if (parsed === undefined) return "(not a URL)"
  if (parsed.username === "" && parsed.password === "") return parsed.href
  const copy = new URL(parsed.href)
  copy.username = "***"
  copy.password = ""
  return copy.href
}

/** The URL without credentials, as a fetch reports where it ended. */
export const withoutCredentials = (url: URL): string => {
  const copy = new URL(url.href)
  copy.username = ""
  copy.password = ""
  return copy.href
}

export const parseUrl = (text: string): URL | undefined => {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
