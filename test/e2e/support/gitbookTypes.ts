import * as official from "@gitbook/api"
import type * as Client from "../../../node_modules/@gitbook/api/dist/client.js"

/*
 * The official package's `index.d.ts` re-exports `./client` without a file extension, which
 * NodeNext resolution cannot follow, and its `exports` hide `dist/client`: the client's
 * methods, resource types and enums are read from that file directly here.
 */
export type {
  ChangeRequest,
  ChangeRequestContentUpdate,
  Collection,
  Organization,
  OrganizationTeam,
  Space
} from "../../../node_modules/@gitbook/api/dist/client.js"

/** The official client's operations (`api.orgs`, `api.spaces`, ...). */
export type OfficialApi = Client.Api<{ authToken?: string }>

const runtime = official as unknown as typeof Client

export const MemberRole = runtime.MemberRole
export type MemberRole = Client.MemberRole
export const TeamMemberRole = runtime.TeamMemberRole
export type TeamMemberRole = Client.TeamMemberRole
export const SpaceEditMode = runtime.SpaceEditMode
export type SpaceEditMode = Client.SpaceEditMode
