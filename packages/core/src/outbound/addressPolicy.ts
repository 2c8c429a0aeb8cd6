import ipaddr from "ipaddr.js"

/**
 * Why an address may not be fetched without `QUIRE_FETCH_ALLOW`, or undefined for a public
 * unicast one. Anything ipaddr.js does not call `unicast` is refused: loopback (127/8, ::1),
 * unspecified (0.0.0.0, ::), private (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
 * where cloud metadata answers; fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7, which
 * holds fd00::/8), multicast, broadcast, reserved and documentation ranges, and the IPv6
 * tunnels (6to4, Teredo) that could hide any IPv4 address. An IPv4-mapped (::ffff:a.b.c.d) or
 * NAT64 (64:ff9b::/96) address is judged by the IPv4 address it carries.
 */
export const refusedRange = (address: string): string | undefined => {
  if (!isIpAddress(address)) return "not an IP address"
  const parsed = ipaddr.parse(address)
  const judged = parsed.kind() === "ipv6" ? embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed : parsed
  const range = judged.range()
  return range === "unicast" ? undefined : range
}

const embeddedIPv4 = (address: ipaddr.IPv6): ipaddr.IPv4 | undefined => {
  const range = address.range()
  if (range === "ipv4Mapped") return address.toIPv4Address()
  if (range === "rfc6052") {
    const bytes = address.toByteArray().slice(12)
    return new ipaddr.IPv4(bytes)
  }
  return undefined
}

/** An address in the one form comparisons use: IPv4-mapped IPv6 as its IPv4 address. */
export const normalizedAddress = (address: string): ipaddr.IPv4 | ipaddr.IPv6 => ipaddr.process(address)

/** The URL's host as an IP address, when it is one (`[::1]` included), else undefined. */
export const literalAddress = (hostname: string): string | undefined => {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname
  return isIpAddress(bare) ? bare : undefined
}

/** A plain IPv4 (four decimal parts) or IPv6 address; not the legacy forms `1` or `0x7f.1`. */
export const isIpAddress = (text: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text)
