import { Config, Option } from "effect"

/**
 * `HOST`, the address to listen on. Unset (or empty), the server listens on every interface,
 * IPv6 and IPv4 where the system has both, so it is reachable by default; `HOST=127.0.0.1`
 * keeps it to this machine (e.g. behind a reverse proxy on the same host).
 */
export const HostConfig: Config.Config<string | undefined> = Config.string("HOST").pipe(
  Config.option,
  Config.map((host) => Option.getOrUndefined(Option.filter(Option.map(host, (h) => h.trim()), (h) => h !== "")))
)
