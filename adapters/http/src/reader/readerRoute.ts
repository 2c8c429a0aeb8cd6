import type { SiteLocation } from "@quire/core"

/** A request the published-site reader takes: which site, where its address starts, and the path under it. */
export interface ReaderRoute {
  readonly location: SiteLocation
  /** The site's address as this request reached it, absolute, without a trailing slash. */
  readonly base: string
  /** The path of `base` (where the site's cookies apply). */
  readonly sitePath: string
  /** The path under the site, without leading or trailing slashes, percent-decoded. */
  readonly rest: string
  readonly query: URLSearchParams
}

/** Where published sites are under the public URL: `/sites/<organization>/<basename>`. */
export const SITES_PREFIX = "/sites/"

/** What a `Host` header naming a subdomain may hold: a name and a port, nothing to inject into a URL. */
const HOST = /^[a-z0-9.-]+(:[0-9]{1,5})?$/

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * The reader route of a request, or undefined when it is not the reader's: a path under
 * `/sites/<organization>/<basename>` on the public URL's host, or any path `/<basename>/...` on
 * a subdomain of it (an organization's `hostname`, as GitBook's `<hostname>.gitbook.io`).
 */
export const readerRoute = (publicUrl: URL, host: string | undefined, url: string): ReaderRoute | undefined => {
  const queryAt = url.indexOf("?")
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const query = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1))
  const requestHost = (host ?? "").toLowerCase()
  const publicHost = publicUrl.host.toLowerCase()
  const prefix = publicUrl.pathname.replace(/\/+$/, "")
  const origin = `${publicUrl.protocol}//`
  if (requestHost !== publicHost && requestHost.endsWith(`.${publicHost}`) && HOST.test(requestHost)) {
    const hostname = requestHost.slice(0, -publicHost.length - 1)
    const segments = path.split("/").filter((s) => s !== "")
    const basename = segments[0] === undefined ? undefined : decode(segments[0])
    const rest = decode(segments.slice(1).join("/"))
    if (basename === undefined || rest === undefined || hostname.includes(".")) return undefined
    const sitePath = `${prefix}/${segments[0]}`
    return { location: { hostname, basename }, base: `${origin}${requestHost}${sitePath}`, sitePath, rest, query }
  }
  if (!path.startsWith(SITES_PREFIX)) return undefined
  const segments = path.slice(SITES_PREFIX.length).split("/").filter((s) => s !== "")
  if (segments.length < 2) return undefined
  const organizationId = decode(segments[0]!)
  const basename = decode(segments[1]!)
  const rest = decode(segments.slice(2).join("/"))
  if (organizationId === undefined || basename === undefined || rest === undefined) return undefined
  const sitePath = `${prefix}${SITES_PREFIX}${segments[0]}/${segments[1]}`
  return {
    location: { organizationId, basename },
    base: `${origin}${publicUrl.host}${sitePath}`,
    sitePath,
    rest,
    query
  }
}
