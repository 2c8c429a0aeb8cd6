import { Data } from "effect"
import { innermostCode, innermostReason } from "./causeChain.js"

/** What to do about the commonest reasons, after the reason itself. */
const advice = (code: string | undefined): string => {
  switch (code) {
    case "EADDRINUSE":
      return "; set PORT to a free port"
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return "; HOST is not an address of this machine: unset it to listen on every interface"
    default:
      return ""
  }
}

/** The HTTP server could not listen on `HOST`:`PORT`; `cause` is the server's error. */
export class CannotListen extends Data.TaggedError("CannotListen")<{
  readonly host: string | undefined
  readonly port: number
  readonly cause: unknown
}> {
  override get message() {
    const host = this.host?.includes(":") ? `[${this.host}]` : this.host
    const where = host === undefined ? `port ${this.port}` : `${host}:${this.port}`
    return `cannot listen on ${where}: ${innermostReason(this.cause)}${advice(innermostCode(this.cause))}`
  }
}
