import { InvalidInput } from "../shared/errors.js"

/** Credentials a Git URL carried (`https://user:password@host/...`), kept apart from it. */
export interface GitCredentials {
  readonly username: string
  readonly password: string
}

/** A Git URL split into what may be shown (no credentials) and the credentials. */
export interface RemoteUrl {
  /** The URL without `user:password@`: safe in messages and logs. */
  readonly url: string
  readonly credentials: GitCredentials | undefined
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Splits the credentials off an `http(s)` Git URL; `InvalidInput` naming `field` for anything else. */
export const parseRemoteUrl = (text: string, field = "url"): RemoteUrl | InvalidInput => {
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return InvalidInput.of(field, "must be an absolute http(s) URL of a Git repository")
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return InvalidInput.of(field, "must be an http(s) URL of a Git repository (Quire speaks Git's smart HTTP only)")
  }
  const credentials =
    parsed.username === "" && parsed.password === "" ? undefined : { username: decode(parsed.username), password: decode(parsed.password) }
  parsed.username = ""
  parsed.password = ""
  return { url: parsed.toString(), credentials }
}

/** `text` with every occurrence of the credentials' secret parts replaced, for messages built from a library's. */
export const redactCredentials = (text: string, credentials: GitCredentials | undefined): string => {
  if (credentials === undefined) return text
  let out = text
  for (const secret of [credentials.password, encodeURIComponent(credentials.password)]) {
    if (secret.length > 0) out = out.split(secret).join("***")
  }
  return out
}
