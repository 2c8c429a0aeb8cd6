import { Context } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"

/**
 * Answers `NodeServer` gives before any Effect runs for a request: `answer` writes a whole
 * answer it already holds and says so (true), or leaves the request to the app (false), at once
 * and without side effects. For answers that are only bytes from memory (the published-site
 * reader's pages), where a fiber, a request context and a response value would cost more than
 * the answer. Only `NodeServer` asks it; `serveQuireApi` provides it when no middleware wraps the
 * app (an answer from here skips the middleware).
 */
export class NodeFastLane extends Context.Tag("@quire/http/NodeFastLane")<
  NodeFastLane,
  { readonly answer: (request: IncomingMessage, response: ServerResponse) => boolean }
>() {}
