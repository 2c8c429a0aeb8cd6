import { Context, Layer } from "effect"
import { randomBytes } from "node:crypto"

/** One hour: the official lifetime of a PDF export's URL. */
export const EXPORT_LINK_TTL_MILLIS = 60 * 60 * 1000

/** The shortest signing key taken: 32 bytes, as many as the HMAC-SHA256 it keys. */
export const MIN_SIGNING_KEY_BYTES = 32

export interface ExportLinkOptions {
  /**
   * The secret that signs export URLs (HMAC-SHA256), at least 32 bytes. Unset, each process
   * makes a random one: its URLs then stop working when it restarts, and are refused by
   * other servers behind the same load balancer.
   */
  readonly signingKey: Uint8Array
  /** How long a URL works after it is made. */
  readonly ttlMillis: number
}

/**
 * How the API signs the short-lived URLs it answers `getSpacePDF` and `getChangeRequestPDF`
 * with. Provide `ExportLinks.layer({...})` to the API's layer to set the key; unset, the
 * defaults apply (a random key per process, one hour).
 */
export class ExportLinks extends Context.Reference<ExportLinks>()("@quire/http/ExportLinks", {
  defaultValue: (): ExportLinkOptions => ({ signingKey: randomBytes(MIN_SIGNING_KEY_BYTES), ttlMillis: EXPORT_LINK_TTL_MILLIS })
}) {
  /** `signingKey` as text is taken as its UTF-8 bytes. */
  static layer(options: { readonly signingKey?: string | Uint8Array | undefined; readonly ttlMillis?: number | undefined }): Layer.Layer<ExportLinks> {
    const defaults = ExportLinks.defaultValue()
    const signingKey =
      options.signingKey === undefined
        ? defaults.signingKey
        : typeof options.signingKey === "string"
          ? new Uint8Array(Buffer.from(options.signingKey, "utf8"))
          : options.signingKey
    if (signingKey.length < MIN_SIGNING_KEY_BYTES) {
      throw new RangeError(`signingKey must have at least ${MIN_SIGNING_KEY_BYTES} bytes; got ${signingKey.length}`)
    }
    const ttlMillis = options.ttlMillis ?? defaults.ttlMillis
    if (!Number.isSafeInteger(ttlMillis) || ttlMillis < 1) {
      throw new RangeError(`ttlMillis must be a whole number of milliseconds, at least 1; got ${ttlMillis}`)
    }
    return Layer.succeed(ExportLinks, { signingKey, ttlMillis })
  }
}
