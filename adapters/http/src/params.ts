import { HttpApiSchema } from "@effect/platform"
import {
  ChangeRequestId,
  type ChangeRequestRef,
  CollectionId,
  CommentId,
  CommentReplyId,
  IntegrationInstallationId,
  IntegrationName,
  InviteId,
  MAX_LIMIT,
  OrganizationId,
  RevisionId,
  SamlProviderId,
  ShareLinkId,
  SiteId,
  SiteSectionGroupId,
  SiteSectionId,
  SiteSpaceId,
  SpaceId,
  storableTextRule,
  TeamId,
  TranslationId,
  OpenApiSpecVersionId,
  UserId
} from "@quire/core"
import { Schema, SchemaAST } from "effect"

/**
 * Text from the URL, as every path and query parameter is declared: refused with 400 naming
 * the parameter when it holds a NUL or an unpaired surrogate (see `storableTextRule`), before
 * anything reaches the core. On every request: the check is one cheap scan.
 */
export const UrlText = Schema.String.pipe(Schema.filter((text) => storableTextRule(text)))

/** A resource id in the path: URL text that decodes to the core's branded id, so handlers pass it on as is. */
const IdText = <B extends string>(id: Schema.Schema<B, string>) => Schema.compose(UrlText, id)

export const organizationId = HttpApiSchema.param("organizationId", IdText(OrganizationId))
export const userId = HttpApiSchema.param("userId", IdText(UserId))
export const teamId = HttpApiSchema.param("teamId", IdText(TeamId))
export const inviteId = HttpApiSchema.param("inviteId", IdText(InviteId))
export const collectionId = HttpApiSchema.param("collectionId", IdText(CollectionId))
export const spaceId = HttpApiSchema.param("spaceId", IdText(SpaceId))
export const emailDomain = HttpApiSchema.param("emailDomain", UrlText)

/**
 * The greatest change request number the path takes as a number: the largest the storage's
 * INTEGER column holds. Longer digit strings are read as ids, which name nothing (404).
 */
const MAX_CHANGE_REQUEST_NUMBER = 2_147_483_647

/** A string of digits, read as a number (`007` is 7); anything else is an id. */
const asChangeRequestRef = (text: string): ChangeRequestRef => {
  if (/^[0-9]{1,10}$/.test(text)) {
    const number = Number(text)
    if (number <= MAX_CHANGE_REQUEST_NUMBER) return number
  }
  return text as ChangeRequestId
}

/**
 * The official `{changeRequestId}`: the change request's id or its number in the space. URL
 * text (NUL and unpaired surrogates refused, naming the parameter) that decodes to the core's
 * `ChangeRequestRef`: a number for a string of digits, else a `ChangeRequestId`.
 */
export const ChangeRequestRefText = Schema.transform(UrlText, Schema.Union(Schema.Number, ChangeRequestId), {
  strict: true,
  decode: asChangeRequestRef,
  encode: (ref) => String(ref)
}).annotations({ description: "The unique ID of the change request or its number identifier in the space" })

export const changeRequestId = HttpApiSchema.param("changeRequestId", ChangeRequestRefText)

const limitRule = `must be a whole number from 1 to ${MAX_LIMIT}`

/** `limit` arrives as text; the range itself is checked by the core, with the same words. */
export const Limit = Schema.NumberFromString.annotations({ message: () => limitRule })

/** `true` or `false` in the query, read as a boolean; anything else is refused naming `name`. */
export const BooleanParam = (name: string) =>
  Schema.transform(Schema.Literal("true", "false"), Schema.Boolean, {
    strict: true,
    decode: (s) => s === "true",
    encode: (b) => (b ? "true" : "false")
  }).annotations({ message: () => `${name} must be true or false` })

/** `page` and `limit`, accepted by every list. */
export const PageParams = {
  page: Schema.optional(UrlText),
  limit: Schema.optional(Limit)
}

export const Order = Schema.Literal("asc", "desc")

/**
 * A body the spec marks optional: an absent body reads as `{}`. The OpenAPI document describes
 * it as `schema` (the surrogate), not as the `unknown` it is decoded from; the operation marks
 * the body optional there (`optionalBodyInDocument`).
 */
export const OptionalBody = <A, I>(schema: Schema.Schema<A, I, never>) =>
  Schema.compose(
    Schema.transform(Schema.NullOr(Schema.Unknown), Schema.Unknown, {
      strict: true,
      decode: (body) => body ?? {},
      encode: (body) => body
    }),
    schema,
    { strict: false }
  ).annotations({ [SchemaAST.SurrogateAnnotationId]: schema.ast })

export const revisionId = HttpApiSchema.param("revisionId", IdText(RevisionId))
export const pageId = HttpApiSchema.param("pageId", UrlText)
export const fileId = HttpApiSchema.param("fileId", UrlText)
/** The official `{pagePath}`: the page's path in the revision, its `/` sent as `%2F` (the client encodes it). */
export const pagePath = HttpApiSchema.param("pagePath", UrlText)
export const commentId = HttpApiSchema.param("commentId", IdText(CommentId))
export const commentReplyId = HttpApiSchema.param("commentReplyId", IdText(CommentReplyId))
export const siteId = HttpApiSchema.param("siteId", IdText(SiteId))
export const siteSectionId = HttpApiSchema.param("siteSectionId", IdText(SiteSectionId))
export const siteSpaceId = HttpApiSchema.param("siteSpaceId", IdText(SiteSpaceId))
export const siteSectionGroupId = HttpApiSchema.param("siteSectionGroupId", IdText(SiteSectionGroupId))
export const shareLinkId = HttpApiSchema.param("shareLinkId", IdText(ShareLinkId))
export const samlProviderId = HttpApiSchema.param("samlProviderId", IdText(SamlProviderId))
export const translationId = HttpApiSchema.param("translationId", IdText(TranslationId))
export const specSlug = HttpApiSchema.param("specSlug", UrlText)
export const openApiVersionId = HttpApiSchema.param("versionId", IdText(OpenApiSpecVersionId))
/** The official `integrationName`: at most 100 of letters, digits, '-', '_' and '.'. */
export const integrationName = HttpApiSchema.param("integrationName", Schema.compose(UrlText, IntegrationName))
export const installationId = HttpApiSchema.param("installationId", IdText(IntegrationInstallationId))
