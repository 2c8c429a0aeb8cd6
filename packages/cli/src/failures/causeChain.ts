const MAX_DEPTH = 20

const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined

/** What `error` wraps: its `cause`, else an AggregateError's first error (Node's for a host with two addresses). */
const wrapped = (error: unknown): unknown => {
  const cause = field(error, "cause")
  if (cause !== undefined && cause !== null) return cause
  return error instanceof AggregateError ? error.errors[0] : undefined
}

/** `error`, what it wraps, what that wraps, ...: the outermost first (e.g. SqlError, then pg's error). */
export const causeChain = (error: unknown): ReadonlyArray<unknown> => {
  const chain: Array<unknown> = []
  for (let current = error; current !== undefined && current !== null; current = wrapped(current)) {
    if (chain.length === MAX_DEPTH || chain.includes(current)) break
    chain.push(current)
  }
  return chain
}

/** `code` of a Node system error (`ECONNREFUSED`) or a Postgres error (`3D000`). */
export const errorCode = (error: unknown): string | undefined => {
  const code = field(error, "code")
  return typeof code === "string" ? code : undefined
}

/** Node's system errors without a path, whose message only repeats the address (`connect ECONNREFUSED 127.0.0.1:5433`). */
const SYSTEM_ERRORS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EADDRINUSE: "address already in use",
  EADDRNOTAVAIL: "address not available",
  EACCES: "permission denied"
}

/** One line saying what `error` itself is, if it says anything. */
const describe = (error: unknown): string | undefined => {
  const code = errorCode(error)
  if (code !== undefined && code in SYSTEM_ERRORS && field(error, "path") === undefined) {
    return `${SYSTEM_ERRORS[code]} (${code})`
  }
  const message = typeof error === "string" ? error : field(error, "message")
  if (typeof message !== "string") return undefined
  const line = message.trim().replace(/\s*\n\s*/g, " ")
  return line === "" ? undefined : line
}

/**
 * The innermost thing in `error`'s chain that says something, on one line: for a Postgres
 * connection, pg's `database "nope" does not exist` under SqlError's `PgClient: Failed to connect`.
 */
export const innermostReason = (error: unknown): string => {
  for (const link of [...causeChain(error)].reverse()) {
    const description = describe(link)
    if (description !== undefined) return description
  }
  return String(error)
}

/** The `code` of the innermost link in `error`'s chain that has one. */
export const innermostCode = (error: unknown): string | undefined =>
  [...causeChain(error)].reverse().map(errorCode).find((code) => code !== undefined)
