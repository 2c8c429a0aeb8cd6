import { ForeignCommits } from "@quire/storage-sql"
import { Effect, Layer } from "effect"
import pg from "pg"

/** The channel the `0018_reader_changes` triggers notify. */
const CHANNEL = "quire_changes"

/** How long after losing its connection the listener tries again. */
const RECONNECT_MS = 1000

/**
 * Commits of other processes to the tables published sites are read from, learned by
 * `LISTEN quire_changes` on a connection of its own (beside the pool, as `PgClient.listen`
 * keeps one). While it is not listening (starting, or reconnecting after losing its
 * connection) it cannot tell, so every mark is new; once listening again, the mark moves too,
 * since anything may have changed meanwhile.
 */
export const notifiedCommits = (pool: pg.Pool): Layer.Layer<ForeignCommits> =>
  Layer.scoped(
    ForeignCommits,
    Effect.gen(function* () {
      let notified = 0
      let unknown = 0
      let listening: pg.Client | undefined
      let closed = false

      const lost = (client: pg.Client) => {
        if (listening === client) listening = undefined
        client.removeAllListeners("notification")
        client.end().catch(() => undefined)
        if (!closed) setTimeout(connect, RECONNECT_MS).unref()
      }
      const connect = () => {
        if (closed) return
        const client = new pg.Client({ ...pool.options, application_name: "quire-changes" })
        client.on("notification", () => {
          notified++
        })
        client.on("error", () => lost(client))
        client
          .connect()
          .then(() => client.query(`LISTEN ${CHANNEL}`))
          .then(
            () => {
              if (closed) return client.end().catch(() => undefined)
              notified++
              listening = client
            },
            () => lost(client)
          )
      }

      yield* Effect.acquireRelease(Effect.sync(connect), () =>
        Effect.sync(() => {
          closed = true
          const client = listening
          listening = undefined
          client?.end().catch(() => undefined)
        })
      )
      return { mark: () => (listening === undefined ? `unknown-${unknown++}` : String(notified)) }
    })
  )
