import { afterAll, beforeAll, expect, it } from "@effect/vitest"
import type { RunningServer } from "../e2e/support/server.js"
import { catalogOf } from "./catalog.js"
import { problemsOf, transportProblems } from "./checks.js"
import { send } from "./client.js"
import { FUZZ_RUNS, FUZZ_SEED, seedFor } from "./config.js"
import type { Backend } from "./knownFailures.js"
import { makeLedger } from "./ledger.js"
import { type Operation, operations } from "./operations.js"
import { randomRequests } from "./randomRequests.js"
import { sendRaw } from "./rawClient.js"
import { type Failure, reportFailures } from "./report.js"
import { toWire } from "./request.js"
import { TRANSPORT_CASES } from "./transportCases.js"
import { makePeople, type People } from "./people.js"
import { inScopeOf, knowsParameter, makeWorld, type World, withCursors } from "./world.js"

/**
 * Operations whose input is a one-time secret that only someone else's signature makes: an
 * identity provider's signed `SAMLResponse`, a sign-in's hand-off code. Generated input never
 * succeeds there (that it does not is checked); sso.test.ts drives their successes.
 */
const ONE_TIME_SECRET_INPUT = new Set(["consumeSAMLResponse", "exchangeSSOHandoff"])

/** A 2xx, or the redirect an operation documents as its answer (a SAML sign-in's start). */
const succeeded = (operation: Operation, status: number) =>
  (status >= 200 && status < 300) || (status >= 300 && status < 400 && String(status) in operation.responses)

/** A server to fuzz, and how to be rid of it (and its database) afterwards. */
export interface FuzzTarget {
  readonly server: RunningServer
  readonly release: () => Promise<void>
}

const errorLines = (log: string) =>
  log
    .split("\n")
    .filter((line) => /level=(ERROR|FATAL)|Error:/.test(line))
    .join("\n")

/**
 * Fuzzes every operation of the API against one server, one after the other: for each, a
 * fresh world (one shared by the operations that only read), then the catalog's requests and
 * `FUZZ_RUNS` random ones, in order; every answer is held to the properties in `checks.ts`,
 * and every problem not in `KNOWN_FAILURES` fails the operation's test.
 */
export const fuzzSuite = (backend: Backend, start: () => Promise<FuzzTarget>) => {
  let target: FuzzTarget | undefined
  let people: People
  let base: URL
  const ledger = makeLedger(backend)
  const statuses = new Map<number, number>()
  let requestCount = 0
  let operationCount = 0
  const startedAt = Date.now()

  // Reads change nothing, so the operations that only read share one world.
  let shared: Promise<World> | undefined
  const readWorld = () => (shared ??= makeWorld(base, people))

  beforeAll(async () => {
    target = await start()
    base = new URL(target.server.url)
    people = await makePeople(target.server)
  })

  afterAll(async () => {
    await target?.release()
  })

  for (const operation of operations) {
    it(operation.id, async () => {
      const server = target!.server
      operationCount++
      const made = operation.method === "GET" ? await readWorld() : await makeWorld(base, people)
      const world = await withCursors(base, inScopeOf(made, operation), operation)
      const seed = seedFor(operation.id)
      const requests = [...catalogOf(operation, world, seed), ...randomRequests(operation, world, seed, FUZZ_RUNS)]
      const failures: Array<Failure & { logFrom: number }> = []
      let successes = 0
      for (const request of requests) {
        const wire = toWire(request, people.tokens)
        const logFrom = server.output().length
        const response = await send(base, wire)
        const sent = { operationId: operation.id, label: request.label }
        ledger.sent(sent)
        requestCount++
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (succeeded(operation, response.status)) successes++
        const problems = problemsOf(request, wire, response).filter((problem) => !ledger.isKnown(sent, problem))
        if (problems.length > 0) failures.push({ request, wire, response, problems, serverLog: "", logFrom })
      }
      // The server logs a defect before it answers; by now its lines have arrived.
      const log = server.output()
      const reported = failures.map((failure, i) => ({
        ...failure,
        serverLog: errorLines(log.slice(failure.logFrom, failures[i + 1]?.logFrom ?? log.length))
      }))
      if (reported.length > 0) expect.fail(reportFailures(backend, operation.id, world, reported))
      // Valid requests that all fail test little: the world or the generators broke. An operation
      // on resources the world lacks (a new area) is fuzzed all the same, with a warning.
      const unknown = operation.pathParameters.filter((name) => !knowsParameter(name))
      if (ONE_TIME_SECRET_INPUT.has(operation.id)) {
        expect(successes, `${operation.id} succeeded on generated input`).toBe(0)
      } else if (unknown.length > 0 && successes === 0) {
        console.warn(`${operation.id}: no request succeeded; teach test/fuzz/world.ts the resources behind ${unknown.join(", ")}`)
      } else {
        expect(successes, `no request to ${operation.id} succeeded`).toBeGreaterThan(0)
      }
    })
  }

  it("requests Node's HTTP parser refuses", async () => {
    const wrong: Array<string> = []
    for (const { label, bytes } of TRANSPORT_CASES) {
      const response = await sendRaw(base, bytes)
      const sent = { operationId: "transport", label }
      ledger.sent(sent)
      const problems = transportProblems(response).filter((problem) => !ledger.isKnown(sent, problem))
      if (problems.length > 0) {
        wrong.push(`${label} (${bytes.length} bytes: ${JSON.stringify(bytes.slice(0, 80))}…) → ${response.status} ${response.contentType ?? ""} ${JSON.stringify(response.text.slice(0, 200))}`)
        wrong.push(...problems.map((problem) => `   ✗ ${problem.rule}: ${problem.detail}`))
      }
    }
    if (wrong.length > 0) expect.fail(`On ${backend}:\n${wrong.join("\n")}`)
  })

  it("every known failure still fails", () => {
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`)
    console.info(
      `fuzz ${backend}: ${requestCount} requests to ${operationCount} operations in ${((Date.now() - startedAt) / 1000).toFixed(1)} s ` +
        `(FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS}); statuses ${summary.join(" ")}`
    )
    // A failure one request causes can show in any later answer: only a whole run can tell it is gone.
    if (operationCount < operations.length) return
    const fixed = ledger.fixed().map((entry) => `${entry.rule} ${entry.label}: ${entry.reason}`)
    expect(fixed, "these KNOWN_FAILURES no longer fail: remove them from test/fuzz/knownFailures.ts").toEqual([])
  })
}
