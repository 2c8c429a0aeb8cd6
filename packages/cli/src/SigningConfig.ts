import { MIN_SIGNING_KEY_BYTES } from "@quire/http"
import { Config, type ConfigError, Effect, Option, Redacted } from "effect"

/**
 * `QUIRE_SIGNING_KEY`, the secret that signs the PDF export URLs (at least 32 bytes, e.g.
 * `openssl rand -base64 32`). Unset, each process makes a random key at start: its URLs stop
 * working when it restarts, and other servers behind the same load balancer refuse them.
 */
export const SigningConfig: Effect.Effect<{ readonly signingKey: string | undefined }, ConfigError.ConfigError> = Config.redacted(
  "QUIRE_SIGNING_KEY"
).pipe(
  Config.validate({
    message: `QUIRE_SIGNING_KEY must have at least ${MIN_SIGNING_KEY_BYTES} bytes (e.g. openssl rand -base64 32)`,
    validation: (key) => Buffer.byteLength(Redacted.value(key), "utf8") >= MIN_SIGNING_KEY_BYTES
  }),
  Config.option,
  Effect.map((key) => ({ signingKey: Option.getOrUndefined(Option.map(key, Redacted.value)) }))
)
