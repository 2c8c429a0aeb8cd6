import type { Cookies } from "@effect/platform"
import type { VisitorCredentials } from "@quire/core"

/** The cookies a visitor's share key and visitor token are kept in, per site (their `Path` is the site's). */
export const SHARE_COOKIE = "quire_share"
export const VISITOR_COOKIE = "quire_visitor"

/** What a link hands the reader once: `?share=<key>` (a share link) and `?jwt_token=<token>` (a visitor token). */
export const SHARE_PARAM = "share"
export const TOKEN_PARAM = "jwt_token"

const MAX_COOKIE_VALUE = 8192

export const parseCookies = (header: string | undefined): ReadonlyMap<string, string> => {
  const cookies = new Map<string, string>()
  if (header === undefined) return cookies
  for (const part of header.split(";")) {
    const at = part.indexOf("=")
    if (at === -1) continue
    const name = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (value.length > MAX_COOKIE_VALUE || cookies.has(name)) continue
    try {
      cookies.set(name, decodeURIComponent(value))
    } catch {
      // A value that is not percent-encoded text is not ours.
    }
  }
  return cookies
}

/** A link's credentials win over the cookies' (a new link replaces what a visitor had). */
export const credentialsOf = (query: URLSearchParams, cookieHeader: string | undefined): VisitorCredentials => {
  const cookies = parseCookies(cookieHeader)
  return {
    shareKey: query.get(SHARE_PARAM) ?? cookies.get(SHARE_COOKIE),
    visitorToken: query.get(TOKEN_PARAM) ?? cookies.get(VISITOR_COOKIE)
  }
}

/** A cookie to set: name, value, options (as `HttpServerResponse.unsafeSetCookies` takes them). */
export type CookieToSet = readonly [name: string, value: string, options: Cookies.Cookie["options"]]

/** The cookies keeping a link's credentials for the site at `sitePath` (none when the link had none). */
export const cookiesFromLink = (query: URLSearchParams, sitePath: string, secure: boolean): ReadonlyArray<CookieToSet> => {
  const options = { path: sitePath, httpOnly: true, sameSite: "lax" as const, secure }
  const out: Array<CookieToSet> = []
  const share = query.get(SHARE_PARAM)
  const token = query.get(TOKEN_PARAM)
  if (share !== null) out.push([SHARE_COOKIE, share, options])
  if (token !== null) out.push([VISITOR_COOKIE, token, options])
  return out
}
