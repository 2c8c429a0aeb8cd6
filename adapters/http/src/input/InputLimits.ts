import { Context, Layer } from "effect"

/**
 * The largest request body read unless configured otherwise (`maxBodyBytes`): 1 MiB, far
 * more than any JSON input needs. An operation that takes files (the content batch's
 * `insert_files`, to come) may get a cap of its own, documented with it.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/**
 * How deeply arrays and objects may nest in a JSON body. No operation's input nests more than a
 * few levels; past this, a body is refused with 400 before it is parsed, so that neither parsing
 * nor the walks over it (validation, error formatting) can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 64

export interface InputLimitOptions {
  /**
   * The most bytes a request body may have; larger ones are answered 413, from their declared
   * length before anything is read, or as soon as a chunked body passes it.
   */
  readonly maxBodyBytes: number
}

/**
 * Limits on what a request may carry, applied at the HTTP edge before anything reaches the
 * core. Provide `InputLimits.layer({...})` to the API's layer to change them; unset, the
 * defaults apply.
 */
export class InputLimits extends Context.Reference<InputLimits>()("@quire/http/InputLimits", {
  defaultValue: (): InputLimitOptions => ({ maxBodyBytes: DEFAULT_MAX_BODY_BYTES })
}) {
  static layer(options: Partial<InputLimitOptions>): Layer.Layer<InputLimits> {
    const limits = { ...InputLimits.defaultValue(), ...options }
    if (!Number.isSafeInteger(limits.maxBodyBytes) || limits.maxBodyBytes < 1) {
      throw new RangeError(`maxBodyBytes must be a whole number of bytes, at least 1; got ${limits.maxBodyBytes}`)
    }
    return Layer.succeed(InputLimits, limits)
  }
}
