import { SqlClient } from "@effect/sql/SqlClient"
import { type RevisionId, type RevisionRecord, RevisionRepository, type RevisionType, type SpaceId } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { SqlReader } from "../shared/SqlReader.js"

interface RevisionRow {
  readonly id: string
  readonly spaceId: string
  readonly parents: string
  readonly type: string
  readonly root: string
  readonly createdAt: string
}

const toRevisionRecord = (row: RevisionRow): RevisionRecord => ({
  id: row.id as RevisionId,
  spaceId: row.spaceId as SpaceId,
  parents: JSON.parse(row.parents) as Array<RevisionId>,
  type: row.type as RevisionType,
  root: row.root,
  createdAt: row.createdAt
})

const toRow = (r: RevisionRecord) => ({
  id: r.id,
  spaceId: r.spaceId,
  parents: JSON.stringify(r.parents),
  type: r.type,
  root: r.root,
  createdAt: r.createdAt
})

export const makeSqlRevisionRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  return RevisionRepository.of({
    insert: (revision) => sql`INSERT INTO revisions ${sql.insert(toRow(revision))}`.pipe(Effect.asVoid, Effect.orDie),
    findById: (id) =>
      sql<RevisionRow>`SELECT id, space_id, parents, type, root, created_at FROM revisions WHERE id = ${id}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toRevisionRecord)),
        Effect.orDie
      )
  })
})

export const SqlRevisionRepository = { layer: Layer.effect(RevisionRepository, makeSqlRevisionRepository) }
