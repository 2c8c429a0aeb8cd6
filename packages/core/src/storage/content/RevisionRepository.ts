import { Context, type Effect, type Option } from "effect"
import type { RevisionId } from "../../shared/ids.js"
import type { RevisionRecord } from "./RevisionRecord.js"

export class RevisionRepository extends Context.Tag("@quire/core/RevisionRepository")<
  RevisionRepository,
  {
    readonly insert: (revision: RevisionRecord) => Effect.Effect<void>
    readonly findById: (id: RevisionId) => Effect.Effect<Option.Option<RevisionRecord>>
  }
>() {}
