import {
  Cookies,
  type FileSystem,
  type Headers,
  HttpIncomingMessage,
  HttpServerError,
  HttpServerRequest,
  type Multipart,
  type Path,
  type Socket,
  UrlParams
} from "@effect/platform"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import * as NodeMultipart from "@effect/platform-node/NodeMultipart"
import * as NodeStream from "@effect/platform-node/NodeStream"
import { Effect, Inspectable, Option, type Scope, type Stream } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"

/**
 * `HttpServerRequest` over Node's request, for `NodeServer`. It reads as `@effect/platform-node`'s
 * own request does (same body readers, same limits), and keeps Node's objects as `source` and
 * `response`, where `NodeHttpServerRequest.toIncomingMessage`/`toServerResponse` find them.
 * Upgrades are not offered: Quire speaks no WebSocket.
 */
export class NodeServerRequest extends Inspectable.Class implements HttpServerRequest.HttpServerRequest {
  readonly [HttpServerRequest.TypeId]: HttpServerRequest.TypeId = HttpServerRequest.TypeId
  readonly [HttpIncomingMessage.TypeId]: HttpIncomingMessage.TypeId = HttpIncomingMessage.TypeId
  private textEffect: Effect.Effect<string, HttpServerError.RequestError> | undefined
  private cachedCookies: Record<string, string> | undefined
  private multipartEffect:
    | Effect.Effect<Multipart.Persisted, Multipart.MultipartError, Scope.Scope | FileSystem.FileSystem | Path.Path>
    | undefined

  constructor(
    readonly source: IncomingMessage,
    readonly response: ServerResponse,
    readonly url: string = source.url ?? "/",
    private readonly headersOverride?: Headers.Headers,
    private readonly remoteAddressOverride?: string
  ) {
    super()
  }

  private readonly onError = (cause: unknown) =>
    new HttpServerError.RequestError({ request: this, reason: "Decode", cause })

  get originalUrl(): string {
    return this.source.url ?? "/"
  }

  get method(): HttpMethod {
    return this.source.method!.toUpperCase() as HttpMethod
  }

  get headers(): Headers.Headers {
    return this.headersOverride ?? (this.source.headers as Headers.Headers)
  }

  get remoteAddress(): Option.Option<string> {
    return Option.fromNullable(this.remoteAddressOverride ?? this.source.socket.remoteAddress)
  }

  get cookies(): Record<string, string> {
    this.cachedCookies ??= Cookies.parseHeader(this.headers.cookie ?? "")
    return this.cachedCookies
  }

  get text(): Effect.Effect<string, HttpServerError.RequestError> {
    this.textEffect ??= Effect.runSync(
      Effect.cached(
        Effect.flatMap(HttpIncomingMessage.MaxBodySize, (maxBodySize) =>
          NodeStream.toString(() => this.source, { onFailure: this.onError, maxBytes: Option.getOrUndefined(maxBodySize) })
        )
      )
    )
    return this.textEffect
  }

  get json(): Effect.Effect<unknown, HttpServerError.RequestError> {
    return Effect.tryMap(this.text, { try: (text) => (text === "" ? null : JSON.parse(text)), catch: this.onError })
  }

  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpServerError.RequestError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => UrlParams.fromInput(new URLSearchParams(text)), catch: this.onError })
    )
  }

  /**
   * The body, left as it is when reading stops early (past the size cap): destroyed unread, Node's
   * request would destroy the socket before the answer is read. `writeResponse` drains what is
   * left once it has answered (see `closeAfterDiscardingBody`).
   */
  get stream(): Stream.Stream<Uint8Array, HttpServerError.RequestError> {
    return NodeStream.fromReadable(() => this.source, this.onError, { closeOnDone: false })
  }

  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpServerError.RequestError> {
    return Effect.flatMap(HttpIncomingMessage.MaxBodySize, (maxBodySize) =>
      Effect.map(
        NodeStream.toUint8Array(() => this.source, { onFailure: this.onError, maxBytes: Option.getOrUndefined(maxBodySize) }),
        (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
      )
    )
  }

  get multipart(): Effect.Effect<Multipart.Persisted, Multipart.MultipartError, Scope.Scope | FileSystem.FileSystem | Path.Path> {
    this.multipartEffect ??= Effect.runSync(Effect.cached(NodeMultipart.persisted(this.source, this.source.headers)))
    return this.multipartEffect
  }

  get multipartStream(): Stream.Stream<Multipart.Part, Multipart.MultipartError> {
    return NodeMultipart.stream(this.source, this.source.headers)
  }

  get upgrade(): Effect.Effect<Socket.Socket, HttpServerError.RequestError> {
    return Effect.fail(new HttpServerError.RequestError({ request: this, reason: "Decode", description: "not an upgradeable ServerRequest" }))
  }

  modify(options: { readonly url?: string; readonly headers?: Headers.Headers; readonly remoteAddress?: string }): NodeServerRequest {
    return new NodeServerRequest(
      this.source,
      this.response,
      options.url ?? this.url,
      options.headers ?? this.headersOverride,
      options.remoteAddress ?? this.remoteAddressOverride
    )
  }

  override toString(): string {
    return `ServerRequest(${this.method} ${this.url})`
  }

  override toJSON(): unknown {
    return HttpIncomingMessage.inspect(this, { _id: "@effect/platform/HttpServerRequest", method: this.method, url: this.originalUrl })
  }
}
