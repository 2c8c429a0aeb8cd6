import type { Problem } from "./checks.js"
import { type Backend, KNOWN_FAILURES, type KnownFailure } from "./knownFailures.js"

/** What a known failure is matched against: the operation (or `transport`) and the request's label. */
export interface Sent {
  readonly operationId: string
  readonly label: string
}

const concerns = (entry: KnownFailure, backend: Backend, sent: Sent) =>
  (entry.backends === undefined || entry.backends.includes(backend)) &&
  (entry.operations === undefined || entry.operations.includes(sent.operationId)) &&
  entry.label.test(sent.label)

/**
 * Which known failures this run sent requests for, and which of them still failed: an entry
 * whose requests were sent but that matched no problem is fixed, and must leave the list.
 */
export const makeLedger = (backend: Backend, entries: ReadonlyArray<KnownFailure> = KNOWN_FAILURES) => {
  const exercised = new Set<KnownFailure>()
  const stillFailing = new Set<KnownFailure>()
  return {
    /** Notes that a request was sent. */
    sent: (sent: Sent) => {
      for (const entry of entries) if (concerns(entry, backend, sent)) exercised.add(entry)
    },
    /** Whether a problem is a known failure (and notes that the entry still fails). */
    isKnown: (sent: Sent, problem: Problem): boolean => {
      const entry = entries.find(
        (e) => e.rule === problem.rule && (e.detail === undefined || e.detail.test(problem.detail)) && concerns(e, backend, sent)
      )
      if (entry !== undefined) stillFailing.add(entry)
      return entry !== undefined
    },
    /** Entries whose requests were sent and that matched nothing: fixed. */
    fixed: (): ReadonlyArray<KnownFailure> => entries.filter((entry) => exercised.has(entry) && !stillFailing.has(entry))
  }
}

export type Ledger = ReturnType<typeof makeLedger>
