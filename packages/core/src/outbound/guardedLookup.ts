import { promises as dns, type LookupAddress, type LookupOptions } from "node:dns"
import type { LookupFunction } from "node:net"
import { refusedRange } from "./addressPolicy.js"
import { type AllowList, allows } from "./allowList.js"

/** Resolves a host name to every address it has (the system resolver, or a test's). */
export type Resolve = (hostname: string) => Promise<ReadonlyArray<LookupAddress>>

/** The system's resolver, as connections use it (`/etc/hosts` included). */
export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true })

/** Thrown inside a connection's lookup: the host reaches an address the fetcher refuses. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly range: string
  ) {
    super(`${host} resolves to a ${range} address`)
  }
}

/** Why the fetcher may not connect to `address` for `host`, or undefined when it may. */
export const refusal = (allow: AllowList, host: string, address: string): string | undefined =>
  allows(allow, host, address) ? undefined : refusedRange(address)

/**
 * A `lookup` for node:http(s) that resolves once, refuses the host if any address it has is
 * refused, and hands the connection exactly the addresses it checked: nothing resolves the name
 * again between the check and the connect (no DNS rebinding).
 */
export const guardedLookup =
  (resolve: Resolve, allow: AllowList): LookupFunction =>
  (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0
        const wanted = found.filter((entry) => family === 0 || entry.family === family)
        for (const entry of found) {
          const range = refusal(allow, hostname, entry.address)
          if (range !== undefined) return callback(new AddressRefused(hostname, range), "", 0)
        }
        const first = wanted[0]
        if (first === undefined) {
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0)
        }
        if (options.all) return callback(null, [...wanted])
        callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0)
    )
  }
