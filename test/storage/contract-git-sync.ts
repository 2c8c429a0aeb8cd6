import { type GitSyncRecord, GitSyncRepository, type JobId, type RevisionId, SpaceRepository } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, newId, type StorageLayer, storedSpace } from "./contract-fixtures.js"

const record = (spaceId: GitSyncRecord["spaceId"], overrides: Partial<GitSyncRecord> = {}): GitSyncRecord => ({
  spaceId,
  installationId: newId<string>(),
  provider: "github",
  url: "https://git.example.com/docs.git",
  ref: "refs/heads/main",
  projectDirectory: "",
  treeUrl: null,
  commitUrl: null,
  lastTimestamp: null,
  commit: null,
  revisionId: null,
  operation: null,
  createdAt: at(1),
  updatedAt: at(1),
  ...overrides
})

export const gitSyncContract = (storage: StorageLayer) =>
  describe("GitSyncRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a space has no record until one is put; a second put replaces it whole", () =>
        Effect.gen(function* () {
          const repository = yield* GitSyncRepository
          const spaceId = yield* storedSpace
          expect(yield* repository.get(spaceId)).toStrictEqual(Option.none())
          const first = record(spaceId)
          yield* repository.put(first)
          expect(yield* repository.get(spaceId)).toStrictEqual(Option.some(first))
          const second = record(spaceId, {
            installationId: first.installationId,
            provider: "gitlab",
            url: "https://gitlab.example.com/team/docs.git",
            ref: "refs/heads/release",
            projectDirectory: "docs",
            treeUrl: "https://gitlab.example.com/team/docs/-/tree/release",
            commitUrl: "https://gitlab.example.com/team/docs/-/commit/",
            lastTimestamp: at(5),
            commit: "a".repeat(40),
            revisionId: newId<RevisionId>(),
            operation: {
              jobId: newId<JobId>(),
              direction: "export",
              state: "failure",
              startedAt: at(3),
              updatedAt: at(4),
              completedAt: at(4),
              error: "The branch moved"
            },
            updatedAt: at(4)
          })
          yield* repository.put(second)
          expect(yield* repository.get(spaceId)).toStrictEqual(Option.some(second))
          yield* repository.put(first)
          expect(yield* repository.get(spaceId)).toStrictEqual(Option.some(first))
        })
      )

      it.effect("a space's record goes with the space when it is purged, and another's stays", () =>
        Effect.gen(function* () {
          const repository = yield* GitSyncRepository
          const spaces = yield* SpaceRepository
          const [gone, kept] = [yield* storedSpace, yield* storedSpace]
          yield* repository.put(record(gone))
          const keptRecord = record(kept)
          yield* repository.put(keptRecord)
          yield* spaces.purge(gone)
          expect(yield* repository.get(gone)).toStrictEqual(Option.none())
          expect(yield* repository.get(kept)).toStrictEqual(Option.some(keptRecord))
        })
      )
    })
  })
