import { Effect } from "effect"
import type { OrganizationId, SpaceId } from "../shared/ids.js"
import type { CustomFieldRepository } from "../storage/custom-fields/CustomFieldRepository.js"
import { transferredValues } from "./transferredValues.js"

type Repository = CustomFieldRepository["Type"]

/** Gives a duplicate the original's values (same organization, same fields). */
export const copySpaceValues = (repository: Repository, from: SpaceId, to: SpaceId) =>
  Effect.flatMap(repository.spaceValues(from), (values) =>
    repository.replaceSpaceValues(
      to,
      values.map((v) => ({ fieldId: v.field.id, value: v.value }))
    )
  )

/** Keeps, for a space moving to `target`, the values `transferredValues` carries; drops the rest. */
export const carrySpaceValues = (repository: Repository, spaceId: SpaceId, target: OrganizationId) =>
  Effect.gen(function* () {
    const values = yield* repository.spaceValues(spaceId)
    if (values.length === 0) return
    const targetFields = yield* repository.findByNames(
      target,
      values.map((v) => v.field.name)
    )
    yield* repository.replaceSpaceValues(spaceId, transferredValues(values, targetFields))
  })
