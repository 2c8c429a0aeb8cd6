import { Context, Layer } from "effect"

/** Builds the `urls` of resources from the configured public base URL (no trailing slash). */
export class Urls extends Context.Tag("@quire/core/Urls")<
  Urls,
  {
    readonly base: string
    /** `${base}/v1${path}`: where the resource is in the API. */
    readonly api: (path: string) => string
    /** `${base}${path}`: where a person would open it. */
    readonly app: (path: string) => string
  }
>() {
  static readonly layer = (publicUrl: string) => {
    const base = publicUrl.replace(/\/+$/, "")
    return Layer.succeed(Urls, { base, api: (path) => `${base}/v1${path}`, app: (path) => `${base}${path}` })
  }
}
