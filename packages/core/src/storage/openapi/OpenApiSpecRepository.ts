import { Context, type Effect, type Option } from "effect"
import type { OpenApiSpecId, OpenApiSpecVersionId, OrganizationId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { Authorized } from "../Authorized.js"
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from "./OpenApiSpecRecord.js"

/** OpenAPI specifications and their versions; a spec's versions go with it, and both with their organization. */
export class OpenApiSpecRepository extends Context.Tag("@quire/core/OpenApiSpecRepository")<
  OpenApiSpecRepository,
  {
    readonly insertSpec: (spec: OpenApiSpecRecord) => Effect.Effect<void, never, Authorized>
    readonly updateSpec: (spec: OpenApiSpecRecord) => Effect.Effect<void, never, Authorized>
    /** Whether there was such a spec to delete; its versions go with it. */
    readonly deleteSpec: (organizationId: OrganizationId, slug: string) => Effect.Effect<boolean, never, Authorized>
    readonly findSpecBySlug: (
      organizationId: OrganizationId,
      slug: string
    ) => Effect.Effect<Option.Option<OpenApiSpecRecord>, never, Authorized>
    readonly findSpec: (id: OpenApiSpecId) => Effect.Effect<Option.Option<OpenApiSpecRecord>, never, Authorized>
    /** By (createdAt, id) ascending (`openApiSpecSortKey`). */
    readonly listSpecs: (
      organizationId: OrganizationId,
      keyset: Keyset
    ) => Effect.Effect<Slice<OpenApiSpecRecord>, never, Authorized>

    readonly insertVersion: (version: OpenApiSpecVersionRecord) => Effect.Effect<void, never, Authorized>
    /** The spec's version with this id; one of another spec is none. */
    readonly findVersion: (
      specId: OpenApiSpecId,
      id: OpenApiSpecVersionId
    ) => Effect.Effect<Option.Option<OpenApiSpecVersionRecord>, never, Authorized>
    /** By (createdAt, id) descending (`openApiVersionSortKey`): the newest first. */
    readonly listVersions: (
      specId: OpenApiSpecId,
      keyset: Keyset
    ) => Effect.Effect<Slice<OpenApiSpecVersionRecord>, never, Authorized>
  }
>() {}

export const openApiSpecSortKey = (spec: OpenApiSpecRecord) => [spec.createdAt, spec.id]
export const openApiVersionSortKey = (version: OpenApiSpecVersionRecord) => [version.createdAt, version.id]
