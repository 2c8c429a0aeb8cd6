import { HelpDoc, Span } from "@effect/cli"
import { Array as Arr } from "effect"

const variables: Arr.NonEmptyReadonlyArray<readonly [name: string, meaning: string]> = [
  ["DATABASE_URL", "sqlite:<path> | postgres://user@host:port/db | memory: (default sqlite:./data/quire.db)"],
  ["HOST", "address to listen on (default: every interface)"],
  ["PORT", "port to listen on (default 3000)"],
  ["PUBLIC_URL", "base of the URLs in responses (default http://localhost:$PORT)"],
  ["MAX_BODY_BYTES", "largest request body read (default 1048576)"],
  ["AUTH_FAILURES_PER_MINUTE", "failed authentications per client address and minute (default 20; 0: no limit)"],
  ["TOKEN_REQUESTS_PER_MINUTE", "requests per API token and minute (default 600; 0: no limit)"],
  ["TRUST_PROXY", "true: take the client address from X-Forwarded-For (default false)"],
  ["QUIRE_SIGNING_KEY", "secret (32 bytes or more) signing PDF export URLs (default: random per process)"]
]

/** The environment the commands read, at the end of every help page. */
export const environmentHelp: HelpDoc.HelpDoc = HelpDoc.sequence(
  HelpDoc.h1("ENVIRONMENT"),
  HelpDoc.descriptionList(Arr.map(variables, ([name, meaning]) => [Span.code(name), HelpDoc.p(meaning)]))
)
