import { Either } from "effect"
import ipaddr from "ipaddr.js"
import { isIpAddress, normalizedAddress } from "./addressPolicy.js"

/**
 * What `QUIRE_FETCH_ALLOW` lets the fetcher reach although its address is refused: host names
 * (any address they resolve to), IP addresses and CIDR ranges.
 */
export interface AllowList {
  readonly hosts: ReadonlySet<string>
  readonly ranges: ReadonlyArray<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]>
}

export const emptyAllowList: AllowList = { hosts: new Set(), ranges: [] }

const hostName = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/

const range = (entry: string): readonly [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined => {
  if (entry.includes("/")) {
    const [address = "", bits = ""] = entry.split("/")
    if (!isIpAddress(address) || !/^\d{1,3}$/.test(bits) || !ipaddr.isValidCIDR(entry)) return undefined
    const [network, prefix] = ipaddr.parseCIDR(entry)
    return network.kind() === "ipv6" && (network as ipaddr.IPv6).isIPv4MappedAddress()
      ? [(network as ipaddr.IPv6).toIPv4Address(), Math.max(0, prefix - 96)]
      : [network, prefix]
  }
  if (!isIpAddress(entry.replace(/^\[|\]$/g, ""))) return undefined
  const address = normalizedAddress(entry.replace(/^\[|\]$/g, ""))
  return [address, address.kind() === "ipv4" ? 32 : 128]
}

/**
 * Reads the comma-separated list (`127.0.0.1, ::1, 10.0.0.0/8, localhost`); blanks are
 * ignored. Fails with the first entry that is neither an address, a CIDR range nor a host name.
 */
export const parseAllowList = (text: string): Either.Either<AllowList, string> => {
  const hosts = new Set<string>()
  const ranges: Array<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]> = []
  for (const raw of text.split(",")) {
    const entry = raw.trim().toLowerCase()
    if (entry === "") continue
    const asRange = range(entry)
    if (asRange !== undefined) ranges.push(asRange)
    else if (!entry.includes("/") && hostName.test(entry)) hosts.add(entry.replace(/\.$/, ""))
    else return Either.left(`"${raw.trim()}" is not a host name, an IP address or a CIDR range`)
  }
  return Either.right({ hosts, ranges })
}

/** True when the list names the host the URL gave, or a range holding the address it reached. */
export const allows = (list: AllowList, host: string, address: string | undefined): boolean => {
  if (list.hosts.has(host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, ""))) return true
  if (address === undefined || !isIpAddress(address)) return false
  const reached = normalizedAddress(address)
  return list.ranges.some(([network, prefix]) => network.kind() === reached.kind() && reached.match(network, prefix))
}
