import { Context, Layer, Option } from "effect"
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

const VERSION = "s1"

const keyFrom = (secret: Uint8Array): Buffer =>
  Buffer.from(hkdfSync("sha256", secret, "quire", "quire sealed secrets v1", 32))

export interface SecretSealService {
  /** `plain` encrypted and authenticated (AES-256-GCM): safe to store; only a holder of the key opens it. */
  readonly seal: (plain: string) => string
  /** The text `seal` sealed, or none when it was sealed with another key or changed since. */
  readonly open: (sealed: string) => Option.Option<string>
}

const makeSeal = (key: Buffer): SecretSealService => ({
  seal: (plain) => {
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", key, iv)
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
    return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".")
  },
  open: (sealed) => {
    const [version, iv, body, tag] = sealed.split(".")
    if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) return Option.none()
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
      decipher.setAuthTag(Buffer.from(tag, "base64url"))
      return Option.some(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8"))
    } catch {
      return Option.none()
    }
  }
})

/**
 * Seals what must be stored but never in clear (a Git URL's credentials in a job's payload).
 * The key derives (HKDF-SHA256) from the server's secret, `QUIRE_SIGNING_KEY`; unset, from a
 * random one per process, so only that process can open what it sealed: give every server the
 * same key when several share a database.
 */
export class SecretSeal extends Context.Reference<SecretSeal>()("@quire/core/SecretSeal", {
  defaultValue: (): SecretSealService => makeSeal(keyFrom(randomBytes(32)))
}) {
  /** Sealing with a key derived from `secret` (text as UTF-8); the default when `secret` is undefined. */
  static layer(secret: string | Uint8Array | undefined): Layer.Layer<SecretSeal> {
    if (secret === undefined) return Layer.empty as Layer.Layer<SecretSeal>
    const bytes = typeof secret === "string" ? Buffer.from(secret, "utf8") : secret
    return Layer.succeed(SecretSeal, makeSeal(keyFrom(bytes)))
  }
}
