import { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"

/**
 * The key one client's budget is kept under. IPv4 addresses are their own key (also when
 * written IPv4-mapped, `::ffff:1.2.3.4`); an IPv6 address counts as its /64, the block one
 * host or one customer is usually given, so that a client cannot walk its own block for a
 * fresh budget.
 */
export const addressKey = (address: string): string => {
  const withoutZone = address.split("%")[0]!
  if (!withoutZone.includes(":")) return withoutZone
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(withoutZone)
  if (mapped) return mapped[1]!
  const [head = "", tail] = withoutZone.split("::")
  const left = head === "" ? [] : head.split(":")
  const right = tail === undefined || tail === "" ? [] : tail.split(":")
  const zeros = tail === undefined ? [] : Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0")
  const groups = [...left, ...zeros, ...right].slice(0, 4)
  return `${groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`
}

/** The last entry of `X-Forwarded-For`: the address the nearest proxy saw (the others are the client's word). */
const forwardedFor = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const header = request.headers["x-forwarded-for"]
  if (header === undefined) return undefined
  const last = header.slice(header.lastIndexOf(",") + 1).trim()
  return last === "" ? undefined : last
}

/**
 * The calling client's key (see `addressKey`): the socket's peer, or with `trustProxy` the
 * address the reverse proxy in front reports. Behind a proxy the peer is the proxy itself,
 * for every client; without a proxy the header is whatever the client wrote, so it is only
 * believed when asked.
 */
export const clientAddressOf =
  (trustProxy: boolean) =>
  (request: HttpServerRequest.HttpServerRequest): string =>
    addressKey((trustProxy ? forwardedFor(request) : undefined) ?? Option.getOrElse(request.remoteAddress, () => "unknown"))

/** `clientAddressOf` the request being answered. */
export const clientAddress = (trustProxy: boolean): Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> =>
  Effect.map(HttpServerRequest.HttpServerRequest, clientAddressOf(trustProxy))
