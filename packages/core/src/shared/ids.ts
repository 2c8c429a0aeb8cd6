import { Context, Effect, Layer, Ref, Schema } from "effect"
import { randomBytes } from "node:crypto"

export const UserId = Schema.String.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type
export const OrganizationId = Schema.String.pipe(Schema.brand("OrganizationId"))
export type OrganizationId = typeof OrganizationId.Type
export const TeamId = Schema.String.pipe(Schema.brand("TeamId"))
export type TeamId = typeof TeamId.Type
export const InviteId = Schema.String.pipe(Schema.brand("InviteId"))
export type InviteId = typeof InviteId.Type
export const CollectionId = Schema.String.pipe(Schema.brand("CollectionId"))
export type CollectionId = typeof CollectionId.Type
export const SpaceId = Schema.String.pipe(Schema.brand("SpaceId"))
export type SpaceId = typeof SpaceId.Type
export const ChangeRequestId = Schema.String.pipe(Schema.brand("ChangeRequestId"))
export type ChangeRequestId = typeof ChangeRequestId.Type
export const RevisionId = Schema.String.pipe(Schema.brand("RevisionId"))
export type RevisionId = typeof RevisionId.Type
export const CommentId = Schema.String.pipe(Schema.brand("CommentId"))
export type CommentId = typeof CommentId.Type
export const CommentReplyId = Schema.String.pipe(Schema.brand("CommentReplyId"))
export type CommentReplyId = typeof CommentReplyId.Type
export const SiteId = Schema.String.pipe(Schema.brand("SiteId"))
export type SiteId = typeof SiteId.Type
export const SiteSectionId = Schema.String.pipe(Schema.brand("SiteSectionId"))
export type SiteSectionId = typeof SiteSectionId.Type
export const SiteSectionGroupId = Schema.String.pipe(Schema.brand("SiteSectionGroupId"))
export type SiteSectionGroupId = typeof SiteSectionGroupId.Type
export const SiteSpaceId = Schema.String.pipe(Schema.brand("SiteSpaceId"))
export type SiteSpaceId = typeof SiteSpaceId.Type
export const ShareLinkId = Schema.String.pipe(Schema.brand("ShareLinkId"))
export type ShareLinkId = typeof ShareLinkId.Type
export const SamlProviderId = Schema.String.pipe(Schema.brand("SamlProviderId"))
export type SamlProviderId = typeof SamlProviderId.Type
export const TranslationId = Schema.String.pipe(Schema.brand("TranslationId"))
export type TranslationId = typeof TranslationId.Type
export const CustomFieldId = Schema.String.pipe(Schema.brand("CustomFieldId"))
export type CustomFieldId = typeof CustomFieldId.Type
export const OpenApiSpecId = Schema.String.pipe(Schema.brand("OpenApiSpecId"))
export type OpenApiSpecId = typeof OpenApiSpecId.Type
export const OpenApiSpecVersionId = Schema.String.pipe(Schema.brand("OpenApiSpecVersionId"))
export type OpenApiSpecVersionId = typeof OpenApiSpecVersionId.Type
export const IntegrationInstallationId = Schema.String.pipe(Schema.brand("IntegrationInstallationId"))
export type IntegrationInstallationId = typeof IntegrationInstallationId.Type

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
export const ID_LENGTH = 20

/** 20 base62 characters from a cryptographic source (rejection sampling keeps it uniform). */
export const randomId = (): string => {
  let out = ""
  while (out.length < ID_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && out.length < ID_LENGTH) out += ALPHABET[byte % 62]
    }
  }
  return out
}

/**
 * Makes identifiers. A reference with the random generator as default, like `Clock`:
 * nothing has to provide it, and tests swap in `Ids.deterministic` for predictable ones.
 */
export class Ids extends Context.Reference<Ids>()("@quire/core/Ids", {
  defaultValue: (): { readonly make: Effect.Effect<string> } => ({ make: Effect.sync(randomId) })
}) {
  static readonly random = Layer.succeed(Ids, { make: Effect.sync(randomId) })
  static readonly deterministic = Layer.effect(
    Ids,
    Effect.map(Ref.make(0), (counter) => ({
      make: Ref.modify(counter, (n) => [`id${String(n + 1).padStart(ID_LENGTH - 2, "0")}`, n + 1])
    }))
  )
}

export const makeId = <B>(): Effect.Effect<B> => Effect.flatMap(Ids, (ids) => ids.make) as Effect.Effect<B>
