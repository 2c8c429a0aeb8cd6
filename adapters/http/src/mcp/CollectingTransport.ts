import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId
} from "@modelcontextprotocol/sdk/types.js"

/**
 * The transport of one HTTP request to a fresh SDK `Server` (stateless Streamable HTTP): it
 * hands the request's message to the server and collects the server's answer to it. What
 * else the server would send (notifications, requests to the client) has no stream to go to
 * in a JSON answer, and is dropped.
 */
export class CollectingTransport implements Transport {
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined
  private readonly waiting = new Map<RequestId, (answer: JSONRPCMessage) => void>()

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.()
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return
    const id = message.id
    if (id === undefined) return
    const answered = this.waiting.get(id)
    this.waiting.delete(id)
    answered?.(message)
  }

  /** Delivers `message`; its answer when it is a request, undefined once delivered otherwise. */
  exchange(message: JSONRPCMessage): Promise<JSONRPCMessage | undefined> {
    if (!isJSONRPCRequest(message)) {
      this.onmessage?.(message)
      return Promise.resolve(undefined)
    }
    const answer = new Promise<JSONRPCMessage>((resolve) => this.waiting.set(message.id, resolve))
    this.onmessage?.(message)
    return answer
  }
}
