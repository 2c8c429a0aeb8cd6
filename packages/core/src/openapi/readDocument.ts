import { createHash } from "node:crypto"
import { Data, Effect, Runtime } from "effect"
import { Fetcher } from "../outbound/Fetcher.js"
import { FetchFailed, type FetchRefused } from "../outbound/fetchErrors.js"
import { redactUrl } from "../outbound/redactUrl.js"
import { storableTextRule } from "../shared/storableText.js"
import type {
  OpenApiProcessError,
  OpenApiSpecErrorCode,
  OpenApiSpecSource
} from "../storage/openapi/OpenApiSpecRecord.js"
import { OPENAPI_DOCUMENT_MAX_BYTES, OPENAPI_FETCH_TIMEOUT_MS, OPENAPI_FETCHES_MAX } from "./inputs.js"
import { findRefCycle } from "./refCycle.js"

/** A document read, validated and resolved: what a version keeps. */
export interface ReadDocument {
  readonly raw: string
  readonly format: "json" | "yaml"
  /** The documents by file name: the entry under `entryFileName(format)`, each `$ref`'d one under its reference. */
  readonly filesystem: Readonly<Record<string, unknown>>
  readonly contentHash: string
}

/** Why a processing failed: the official code, the problems, and whether another attempt may do better. */
export class ProcessFailure extends Data.TaggedError("OpenApiProcessFailure")<{
  readonly code: OpenApiSpecErrorCode
  readonly errors: ReadonlyArray<OpenApiProcessError>
  readonly passing: boolean
}> {
  override get message() {
    return `${this.code}: ${this.errors.map((e) => e.message).join("; ")}`
  }
}

const parseFailure = (errors: ReadonlyArray<OpenApiProcessError>) =>
  new ProcessFailure({ code: "PARSE_ERROR", errors: errors.length === 0 ? [{ message: "not a valid OpenAPI document" }] : errors, passing: false })

export const entryFileName = (format: "json" | "yaml") => (format === "json" ? "openapi.json" : "openapi.yaml")

/** The parser, loaded on first use: a process that never processes a spec never loads it (it is ESM-only, and large). */
let parser: Promise<typeof import("@scalar/openapi-parser")> | undefined
const loadParser = () => (parser ??= import("@scalar/openapi-parser"))

const isHttp = (text: string) => text.startsWith("http://") || text.startsWith("https://")
/** A `$ref`'s file part that names a document beside the one it is in (`./schemas.yaml`). */
const isRelativeFile = (text: string) => text.length > 0 && text.length <= 2048 && !/[\s{}[\]]/.test(text) && !text.startsWith("#")

const fetchFailure = (url: string, error: FetchFailed | FetchRefused): ProcessFailure => {
  const timeout = error instanceof FetchFailed && error.reason === "timeout"
  const passing = error instanceof FetchFailed && (error.reason === "timeout" || error.reason === "unreachable")
  const message =
    error instanceof FetchFailed && error.reason === "tooLarge"
      ? `${redactUrl(url)}: larger than ${OPENAPI_DOCUMENT_MAX_BYTES} bytes`
      : `${redactUrl(url)}: ${error.message}`
  return new ProcessFailure({ code: timeout ? "FETCH_TIMEOUT" : "FETCH_ERROR", errors: [{ message, code: error._tag }], passing })
}

/** One document through the `Fetcher`, within the processing's bounds; a status other than 2xx is a failure. */
const fetchText = (url: string) =>
  Effect.gen(function* () {
    const fetcher = yield* Fetcher
    const fetched = yield* fetcher
      .fetch(url, {
        maxBytes: OPENAPI_DOCUMENT_MAX_BYTES,
        timeoutMs: OPENAPI_FETCH_TIMEOUT_MS,
        maxRedirects: 5,
        accept: "application/json, application/yaml, text/yaml, text/plain;q=0.8, */*;q=0.5"
      })
      .pipe(Effect.mapError((error) => fetchFailure(url, error)))
    if (fetched.status < 200 || fetched.status > 299) {
      return yield* new ProcessFailure({
        code: "FETCH_ERROR",
        errors: [{ message: `${redactUrl(url)}: answered HTTP ${fetched.status}` }],
        passing: fetched.status >= 500
      })
    }
    return new TextDecoder().decode(fetched.body)
  })

const formatOf = (text: string): "json" | "yaml" => {
  try {
    JSON.parse(text)
    return "json"
  } catch {
    return "yaml"
  }
}

/**
 * Reads a spec's source: fetches it (a URL, through the `Fetcher`), parses it (JSON or YAML),
 * loads each external `$ref` through the `Fetcher` too (relative ones against the source's URL),
 * validates the whole (Swagger 2.0, OpenAPI 3.0, 3.1) and refuses a `$ref` cycle. Touches no
 * storage: a job calls it between its transactions.
 */
export const readDocument = (source: OpenApiSpecSource): Effect.Effect<ReadDocument, ProcessFailure, Fetcher> =>
  Effect.gen(function* () {
    const raw = source.kind === "text" ? source.text : yield* fetchText(source.url)
    const unstorable = storableTextRule(raw)
    if (unstorable !== undefined) return yield* parseFailure([{ message: `the document ${unstorable}` }])
    const base = source.kind === "url" ? source.url : undefined
    const format = formatOf(raw)
    const { load, validate } = yield* Effect.promise(loadParser)
    const runtime = yield* Effect.runtime<Fetcher>()

    let fetches = 0
    const fetchFailures: Array<ProcessFailure> = []
    const plugin = {
      check: (value?: unknown) =>
        typeof value === "string" && (isHttp(value) || (base !== undefined && isRelativeFile(value))),
      resolvePath: (value: unknown, reference: string) =>
        new URL(reference, typeof value === "string" && isHttp(value) ? value : base).href,
      get: async (url: string) => {
        if (url === base) return raw
        fetches += 1
        if (fetches > OPENAPI_FETCHES_MAX) {
          const failure = parseFailure([{ message: `more than ${OPENAPI_FETCHES_MAX} documents referenced` }])
          fetchFailures.push(failure)
          throw failure
        }
        const exit = await Runtime.runPromiseExit(runtime)(fetchText(url))
        if (exit._tag === "Success") return exit.value
        const failure =
          exit.cause._tag === "Fail"
            ? exit.cause.error
            : new ProcessFailure({ code: "FETCH_ERROR", errors: [{ message: `${redactUrl(url)}: could not be fetched` }], passing: true })
        fetchFailures.push(failure)
        throw failure
      }
    }

    const loaded = yield* Effect.tryPromise({
      try: () => load(base ?? raw, { plugins: [plugin] }),
      catch: (error) => parseFailure([{ message: error instanceof Error ? error.message : String(error) }])
    })
    const fetchFailure = fetchFailures[0]
    if (fetchFailure !== undefined) {
      return yield* new ProcessFailure({
        code: fetchFailure.code,
        errors: fetchFailures.flatMap((failure) => failure.errors),
        passing: fetchFailure.passing
      })
    }
    if ((loaded.errors ?? []).length > 0 || loaded.filesystem.length === 0) {
      return yield* parseFailure((loaded.errors ?? []).map((e) => ({ message: e.message, code: e.code })))
    }
    const validated = yield* Effect.tryPromise({
      try: () => validate(loaded.filesystem),
      catch: (error) => parseFailure([{ message: error instanceof Error ? error.message : String(error) }])
    })
    if (!validated.valid) {
      return yield* parseFailure(
        (validated.errors ?? []).map((e) => ({
          message: "path" in e && typeof e.path === "string" && e.path !== "" ? `${e.path}: ${e.message}` : e.message,
          ...("code" in e && typeof e.code === "string" ? { code: e.code } : {})
        }))
      )
    }
    const filesystem: Record<string, unknown> = {}
    for (const file of loaded.filesystem) {
      filesystem[file.isEntrypoint ? entryFileName(format) : (file.filename ?? entryFileName(format))] = file.specification
    }
    const cycle = findRefCycle(Object.fromEntries(loaded.filesystem.map((file) => [file.filename ?? "", file.specification])))
    if (cycle !== undefined) {
      return yield* parseFailure([{ message: `a $ref cycle names nothing: ${cycle.join(" → ")}`, code: "REF_CYCLE" }])
    }
    const contentHash = createHash("sha256").update(JSON.stringify([raw, filesystem])).digest("hex")
    return { raw, format, filesystem, contentHash }
  })
