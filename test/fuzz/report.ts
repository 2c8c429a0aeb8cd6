import type { Problem } from "./checks.js"
import type { WireResponse } from "./client.js"
import { FUZZ_RUNS, FUZZ_SEED } from "./config.js"
import type { Backend } from "./knownFailures.js"
import type { FuzzRequest, WireRequest } from "./request.js"
import type { World } from "./world.js"

/** A request that broke a property, with all a developer needs to send it again. */
export interface Failure {
  readonly request: FuzzRequest
  readonly wire: WireRequest
  readonly response: WireResponse
  readonly problems: ReadonlyArray<Problem>
  /** What the server logged while answering (its error lines). */
  readonly serverLog: string
}

const preview = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${Buffer.byteLength(text)} bytes in all)`

const describeFailure = (failure: Failure, index: number, tokens: World["people"]["tokens"]) => {
  const { wire, response, request } = failure
  const who = Object.entries(tokens).find(([, token]) => wire.headers.authorization === `Bearer ${token}`)?.[0]
  const headers = Object.entries(wire.headers).map(([name, value]) =>
    name === "authorization" && who !== undefined ? `${name}: Bearer <${who}'s token>` : `${name}: ${value}`
  )
  return [
    `${index + 1}. ${request.label}`,
    `   ${wire.method} ${preview(wire.path, 300)}`,
    ...headers.map((header) => `   ${header}`),
    ...(wire.body === undefined ? [] : [`   body: ${preview(wire.body, 400)}`]),
    `   → ${response.status === 0 ? "no answer" : response.status} ${response.contentType ?? ""} ${preview(response.text, 300)}`,
    ...failure.problems.map((problem) => `   ✗ ${problem.rule}: ${problem.detail}`),
    ...(failure.serverLog === "" ? [] : [`   server log: ${preview(failure.serverLog, 600)}`])
  ].join("\n")
}

/** The failures of one operation, each with its exact request, and how to replay the run. */
export const reportFailures = (backend: Backend, operationId: string, world: World, failures: ReadonlyArray<Failure>): string =>
  [
    `${failures.length} request(s) to ${operationId} on ${backend} broke a property.`,
    `Replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} pnpm exec vitest run test/fuzz/${backend}.test.ts (-t ${operationId}: this operation alone)`,
    `World: ${Object.entries(world.ids).map(([name, id]) => `${name}=${id}`).join(" ")}`,
    "",
    ...failures.map((failure, index) => describeFailure(failure, index, world.people.tokens))
  ].join("\n")
