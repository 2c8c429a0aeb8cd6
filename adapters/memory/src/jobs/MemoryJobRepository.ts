import type { ClaimRequest, JobClaim, JobRecord, JobRepository } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import type { Tables } from "../shared/Tables.js"
import { jobsTable } from "./jobsTable.js"

const isDue = (job: JobRecord, request: ClaimRequest) =>
  request.kinds.includes(job.kind) &&
  ((job.state === "queued" && job.runAfter <= request.now) ||
    (job.state === "running" && job.claimedUntil !== null && job.claimedUntil < request.now))

const holds = (job: JobRecord, claim: JobClaim) =>
  job.state === "running" && job.claimedBy === claim.claimedBy && job.attempts === claim.attempt

/**
 * The queue in memory: one row per job. Every step reads and writes in one transaction of the
 * store, which runs one at a time, so two claims never take one job. Claims scan the table:
 * memory holds a test's or an embedding's few jobs.
 */
export const makeMemoryJobRepository = (store: MemoryStore): Context.Tag.Service<typeof JobRepository> => {
  /** Applies `change` to the job if its claim is still held; whether it was. */
  const ifHeld = (claim: JobClaim, change: (job: JobRecord) => JobRecord) =>
    store.transaction(
      Effect.flatMap(
        store.read((t) => Option.filter(HashMap.get(t.rows(jobsTable), claim.id), (job) => holds(job, claim))),
        (held) =>
          Option.isNone(held)
            ? Effect.succeed(false)
            : Effect.as(store.write((t) => t.update(jobsTable, HashMap.set(claim.id, change(held.value)))), true)
      )
    )

  const jobs = (t: Tables) => [...HashMap.values(t.rows(jobsTable))]

  return {
    enqueue: (job) =>
      store.transaction(
        Effect.flatMap(
          store.read((t) =>
            job.dedupeKey === null ? Option.none() : Option.fromNullable(jobs(t).find((j) => j.dedupeKey === job.dedupeKey))
          ),
          (existing) => {
            if (Option.isSome(existing)) return Effect.succeed(existing.value)
            const record: JobRecord = {
              ...job,
              state: "queued",
              attempts: 0,
              claimedBy: null,
              claimedUntil: null,
              lastError: null,
              result: null,
              updatedAt: job.createdAt
            }
            return Effect.as(store.write((t) => t.update(jobsTable, HashMap.set(job.id, record))), record)
          }
        )
      ),
    claim: (request) =>
      store.transaction(
        Effect.flatMap(
          store.read((t) =>
            jobs(t)
              .filter((job) => isDue(job, request))
              .sort((a, b) => (a.runAfter < b.runAfter ? -1 : a.runAfter > b.runAfter ? 1 : a.id < b.id ? -1 : 1))[0]
          ),
          (due) => {
            if (due === undefined) return Effect.succeed(Option.none<JobRecord>())
            const claimed: JobRecord = {
              ...due,
              state: "running",
              attempts: due.attempts + 1,
              claimedBy: request.claimedBy,
              claimedUntil: request.leaseUntil,
              updatedAt: request.now
            }
            return Effect.as(store.write((t) => t.update(jobsTable, HashMap.set(due.id, claimed))), Option.some(claimed))
          }
        )
      ),
    renew: (claim, leaseUntil, now) => ifHeld(claim, (job) => ({ ...job, claimedUntil: leaseUntil, updatedAt: now })),
    complete: (claim, result, now) =>
      ifHeld(claim, (job) => ({ ...job, state: "succeeded", result, claimedUntil: null, updatedAt: now })),
    fail: (claim, error, retryAt, now) =>
      ifHeld(claim, (job) =>
        retryAt === null
          ? { ...job, state: "failed", lastError: error, claimedUntil: null, updatedAt: now }
          : { ...job, state: "queued", lastError: error, runAfter: retryAt, claimedUntil: null, updatedAt: now }
      ),
    release: (claim, now) =>
      ifHeld(claim, (job) => ({ ...job, state: "queued", attempts: job.attempts - 1, runAfter: now, claimedUntil: null, updatedAt: now })),
    get: (id) => store.read((t) => HashMap.get(t.rows(jobsTable), id)),
    list: ({ kind, limit, state }) =>
      store.read((t) =>
        jobs(t)
          .filter((job) => job.kind === kind && (state === undefined || job.state === state))
          .sort((a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : a.id > b.id ? -1 : 1))
          .slice(0, Math.max(0, limit))
      ),
    deleteEndedBefore: (before) =>
      store.transaction(
        Effect.flatMap(
          store.read((t) =>
            jobs(t)
              .filter((job) => (job.state === "succeeded" || job.state === "failed") && job.updatedAt < before)
              .map((job) => job.id)
          ),
          (ids) => Effect.as(store.write((t) => t.update(jobsTable, (rows) => HashMap.removeMany(rows, ids))), ids.length)
        )
      )
  }
}
