import { describe, expect, it } from "@effect/vitest"
import * as Migrator from "@effect/sql/Migrator"
import type { SqlClient } from "@effect/sql/SqlClient"
import { ChangeRequestRepository, type OrganizationId, SpaceRepository, type UserId } from "@quire/core"
import { MIGRATIONS_TABLE, migrate, migrations, SqlRepositories } from "@quire/storage-sql"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, Option } from "effect"
import { testAuthority } from "../support/authority.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { tempSqliteFile } from "../support/sqlite.js"
import { at, makeChangeRequest, makeSpace, newId } from "./contract-fixtures.js"

/** The migrations shipped up to and including `last`, run as the Migrator runs them. */
const migrateUpTo = (last: string) =>
  Migrator.make({})({
    loader: Migrator.fromRecord(Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last))),
    table: MIGRATIONS_TABLE
  })

/**
 * A database at 0005 with a space, its change requests and their contributors (and an
 * orphan change request, left by nothing today but possible before), migrated from 0006 on: the
 * rows are intact, the orphan is gone, and purging the space now removes what it owns.
 */
const spaceOwnedCascade = (client: Layer.Layer<SqlClient, unknown>) =>
  Effect.gen(function* () {
    expect((yield* migrateUpTo("0005_change_request_contributors")).length).toBe(5)
    const spaces = yield* SpaceRepository
    const changeRequests = yield* ChangeRequestRepository
    const space = makeSpace(newId<OrganizationId>())
    const kept = makeSpace(newId<OrganizationId>())
    const user = newId<UserId>()
    const owned = [makeChangeRequest(space.id, 1), makeChangeRequest(space.id, 2, { status: "merged" })]
    const other = makeChangeRequest(kept.id, 1)
    const orphan = makeChangeRequest(makeSpace(newId<OrganizationId>()).id, 1)
    yield* spaces.insert(space)
    yield* spaces.insert(kept)
    for (const c of [...owned, other, orphan]) {
      yield* changeRequests.insert(c)
      yield* changeRequests.recordContributor(c.id, user, at(1))
    }

    expect(yield* migrate).toStrictEqual(shippedAfter("0005_change_request_contributors"))

    const contributor = (c: { readonly id: string }) => [
      { changeRequestId: c.id, userId: user, firstContributedAt: at(1), lastContributedAt: at(1), contributions: 1 }
    ]
    for (const c of [...owned, other]) {
      expect(yield* changeRequests.findById(c.spaceId, c.id)).toStrictEqual(Option.some(c))
      expect(yield* changeRequests.listContributors(c.id)).toStrictEqual(contributor(c))
    }
    expect(yield* changeRequests.findById(orphan.spaceId, orphan.id)).toStrictEqual(Option.none())
    expect(yield* changeRequests.listContributors(orphan.id)).toStrictEqual([])
    // The indexes are back: a second number 1 in the space is refused.
    expect(yield* Effect.exit(changeRequests.insert(makeChangeRequest(space.id, 1)))).toMatchObject({ _tag: "Failure" })

    yield* spaces.purge(space.id)
    for (const c of owned) {
      expect(yield* changeRequests.findById(space.id, c.id)).toStrictEqual(Option.none())
      expect(yield* changeRequests.listContributors(c.id)).toStrictEqual([])
    }
    expect(yield* changeRequests.findById(kept.id, other.id)).toStrictEqual(Option.some(other))
    expect(yield* changeRequests.listContributors(other.id)).toStrictEqual(contributor(other))
  }).pipe(Effect.provide(Layer.mergeAll(SqlRepositories.layer, testAuthority).pipe(Layer.provideMerge(client))))

/** The migrations shipped after `last`, as `migrate` reports those it ran. */
const shippedAfter = (last: string) =>
  Object.keys(migrations)
    .filter((name) => name > last)
    .map((name) => [Number(name.slice(0, 4)), name.slice(5)])

const usePostgres = await postgresAvailable()

describe("migration 0006 (space-owned rows cascade) on a database at 0005", () => {
  it.scoped("SQLite: rows intact, then purged with their space", () =>
    Effect.flatMap(tempSqliteFile, (filename) => spaceOwnedCascade(SqliteStorage.client({ filename })))
  )

  it.scoped.skipIf(!usePostgres)("Postgres: rows intact, then purged with their space", () =>
    Effect.flatMap(freshPostgresDatabase, (url) => spaceOwnedCascade(PostgresStorage.client({ url })))
  )
})
