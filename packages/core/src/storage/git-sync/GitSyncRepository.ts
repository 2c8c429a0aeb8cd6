import { Context, type Effect, type Option } from "effect"
import type { SpaceId } from "../../shared/ids.js"
import type { Authorized } from "../Authorized.js"
import type { GitSyncRecord } from "./GitSyncRecord.js"

/** Each space's Git sync. A space's record goes with the space when it is purged. */
export class GitSyncRepository extends Context.Tag("@quire/core/GitSyncRepository")<
  GitSyncRepository,
  {
    readonly get: (spaceId: SpaceId) => Effect.Effect<Option.Option<GitSyncRecord>, never, Authorized>
    /** Writes the space's record, in place of any it had. */
    readonly put: (record: GitSyncRecord) => Effect.Effect<void, never, Authorized>
  }
>() {}
