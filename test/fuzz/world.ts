import { send } from "./client.js"
import { importSourceUrl } from "./importSource.js"
import { operations, type Operation } from "./operations.js"
import type { People } from "./people.js"
import { noBody, type Principal, wireOf } from "./request.js"
import { makeIdp } from "../support/samlIdp.js"

/**
 * A small organization for one operation to work on, made through the API by the admin:
 * a second organization (a transfer target), collections, spaces (one in a collection, one
 * deleted), teams, invite links, and the member (role `read`), who joined through a link.
 * The space holds a page (merged from a first change request) and two draft change requests,
 * the first with a change of its own; and a signed URL of the space's PDF. The space and that
 * change request each hold a comment with a reply (see `inScopeOf`). A site shows the space in a
 * default section and the root space in a second one, and has a section group, a share link and
 * an adaptive schema;
 * another site has none. Two translation settings, one with languages. An OpenAPI spec with a
 * complete version, and one whose processing failed. Two integrations, named after the world
 * (names are unique on the server): a public one the second organization owns, installed on the
 * home organization and on the space; a private one of the home organization, installed there.
 */
export interface World {
  readonly people: People
  readonly ids: Readonly<Record<string, string>>
  /** `next.page` tokens, from the operation under test and from another list. */
  readonly cursors: { readonly own?: string; readonly foreign?: string }
}

const users = ["member", "admin", "outsider"]

/** The world's resources a path parameter can name, the first being the usual choice. */
const resourcesByParameter: Readonly<Record<string, ReadonlyArray<string>>> = {
  organizationId: ["organization", "otherOrganization"],
  collectionId: ["collection", "otherCollection"],
  spaceId: ["space", "rootSpace", "deletedSpace"],
  teamId: ["team", "otherTeam"],
  inviteId: ["invite", "otherInvite"],
  userId: users,
  emailDomain: ["emailDomain"],
  changeRequestId: ["changeRequest", "otherChangeRequest", "changeRequestNumber"],
  // Content: the page the space (and so each change request) holds, by its id and by its path.
  pageId: ["page"],
  pagePath: ["pagePath"],
  // Comments: the one of the operation's scope, then the other scope's (see `inScopeOf`).
  commentId: ["comment", "otherComment"],
  commentReplyId: ["commentReply", "otherCommentReply"],
  // Sites: the site of the world's structure first, then the bare one.
  siteId: ["site", "otherSite"],
  siteSectionId: ["siteSection", "defaultSiteSection"],
  siteSpaceId: ["siteSpace", "defaultSiteSpace"],
  siteSectionGroupId: ["siteSectionGroup"],
  shareLinkId: ["shareLink"],
  // SSO: an active SAML provider, then a pending one (only a label).
  samlProviderId: ["samlProvider", "pendingSamlProvider"],
  // A signed PDF URL's `token` (a query parameter: see `requiredQuery` in catalog.ts).
  token: ["pdfToken"],
  // A search's `query`: a word of the world's page.
  query: ["searchQuery"],
  translationId: ["translation", "otherTranslation"],
  // Custom fields, by name: a text field the space has a value of, then a select field.
  fieldName: ["customField", "otherCustomField"],
  // OpenAPI: a spec with a complete version, then one whose processing failed (no version).
  specSlug: ["openApiSpec", "otherOpenApiSpec"],
  versionId: ["openApiVersion"],
  // Integrations: the public one first (its installation is the world's), then the private one.
  integrationName: ["integration", "privateIntegration"],
  installationId: ["installation", "privateInstallation"]
}

/**
 * The world's resources a body field or query parameter of this name refers to, the first
 * being the one most likely to make the request succeed (a transfer or move goes elsewhere).
 */
const resourcesByField: Readonly<Record<string, ReadonlyArray<string>>> = {
  organization: ["otherOrganization", "organization"],
  parent: ["otherCollection", "collection"],
  collection: ["otherCollection", "collection"],
  space: ["rootSpace", "space"],
  members: users,
  add: users,
  remove: users,
  memberships: users,
  owner: users,
  // A change batch's pages: the one the space (and so each change request) holds.
  page: ["page"],
  into: ["page"],
  // A comment's target block (a heading of the page, by its anchor), its reactions, and a list's filters.
  node: ["node"],
  addedReactions: ["reaction"],
  removedReactions: ["reaction"],
  targetPage: ["page"],
  // A content import's source: a markdown page on loopback.
  url: ["importSource"],
  authors: users,
  // Sites: the spaces a site or section shows, its defaults, and a move's or group's neighbours.
  spaces: ["rootSpace", "space"],
  spaceId: ["rootSpace", "space"],
  sectionId: ["siteSection", "defaultSiteSection"],
  defaultSiteSpace: ["defaultSiteSpace", "siteSpace"],
  defaultSiteSection: ["siteSection", "defaultSiteSection"],
  siteSectionGroupId: ["siteSectionGroup"],
  parentSectionGroupId: ["siteSectionGroup"],
  sections: ["siteSection", "defaultSiteSection"],
  siteSection: ["defaultSiteSection", "siteSection"],
  siteSpace: ["defaultSiteSpace", "siteSpace"],
  // Translation settings' languages: a well-formed BCP 47 tag.
  languages: ["language"]
}

/**
 * Values of the world for a path parameter, by its name. A parameter this table does not know
 * (a new area's `pageId`, say) gets every id of the world, so it is fuzzed all the same.
 */
export const worldValuesFor = (world: World, parameter: string): ReadonlyArray<{ readonly name: string; readonly id: string }> => {
  const names = resourcesByParameter[parameter] ?? Object.keys(world.ids)
  return names.map((name) => ({ name, id: world.ids[name]! }))
}

/** Whether the world has resources a path parameter of this name names. */
export const knowsParameter = (parameter: string): boolean => parameter in resourcesByParameter

/** Names of the world that are no id (a change request's number and a page's path name them in a path only). */
const notIds = new Set(["changeRequestNumber", "pagePath", "pdfToken", "node", "reaction", "searchQuery", "language"])

/** Every id of the world: strings in generated bodies are often one of these, to reach real resources. */
export const worldStrings = (world: World): ReadonlyArray<string> =>
  Object.entries(world.ids)
    .filter(([name]) => !notIds.has(name))
    .map(([, id]) => id)

/** The ids a field of this name refers to, if the world knows the name. */
export const worldIdsForField = (world: World, field: string): ReadonlyArray<string> | undefined =>
  resourcesByField[field]?.map((name) => world.ids[name]!)

const WORLD_OPENAPI_DOCUMENT = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "World", version: "1.0.0" },
  paths: { "/pets": { get: { responses: { "200": { description: "OK" } } } } }
})

/** Waits for the spec's processing job to end; its version. */
const processedOpenApiVersion = async (admin: (method: string, path: string) => Promise<any>, path: string) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    const spec = await admin("GET", path)
    if (spec.processingState === "complete" && typeof spec.lastVersion === "string") return spec.lastVersion as string
    if (Date.now() > deadline) throw new Error(`world: ${path} was not processed: ${JSON.stringify(spec)}`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

const call = async (server: URL, people: People, principal: Principal, method: string, path: string, body?: unknown) => {
  const response = await send(server, wireOf(method, path, principal, people.tokens, body === undefined ? noBody : { kind: "json", value: body }))
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`world: ${method} ${path} answered ${response.status} ${response.failure ?? response.text}`)
  }
  return response.text === "" ? {} : JSON.parse(response.text)
}

/** The world page's markdown: a heading, so that a comment can target a block of it (`node`). */
const PAGE_MARKDOWN = "A page.\n\n## Section\n\nMore."
const NODE = "section"

/**
 * The world as `operation` sees it. A comment and its reply are found only where they were
 * posted: an operation under a change request names the change request's first (`comment`,
 * `commentReply`) and the space's as the other scope's (`otherComment`), any other the space's.
 */
export const inScopeOf = (world: World, operation: Operation): World => {
  const [own, other] = operation.pathParameters.includes("changeRequestId") ? ["changeRequest", "space"] : ["space", "changeRequest"]
  return {
    ...world,
    ids: {
      ...world.ids,
      comment: world.ids[`${own}Comment`]!,
      commentReply: world.ids[`${own}CommentReply`]!,
      otherComment: world.ids[`${other}Comment`]!,
      otherCommentReply: world.ids[`${other}CommentReply`]!
    }
  }
}

/** A list: it takes a `page` token. */
const isList = (operation: Operation) => operation.method === "GET" && operation.query.some((q) => q.name === "page")

const cursorOf = async (server: URL, people: People, ids: Readonly<Record<string, string>>, operation: Operation) => {
  const path = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => ids[(resourcesByParameter[name] ?? [])[0] ?? ""] ?? "")
  const page = await call(server, people, "admin", "GET", `${path}?limit=1`).catch(() => ({}))
  return page?.next?.page as string | undefined
}

/** Makes a world through the API (about twenty requests). */
export const makeWorld = async (server: URL, people: People): Promise<World> => {
  const admin = (method: string, path: string, body?: unknown) => call(server, people, "admin", method, path, body)
  const organization = (await admin("POST", "/v1/orgs", { title: "Fuzz home", emailDomains: [people.emailDomain] })).id
  const otherOrganization = (await admin("POST", "/v1/orgs", { title: "Fuzz elsewhere" })).id
  const collection = (await admin("POST", `/v1/orgs/${organization}/collections`, { title: "Collection" })).id
  const otherCollection = (await admin("POST", `/v1/orgs/${organization}/collections`, { title: "Other collection" })).id
  const space = (await admin("POST", `/v1/orgs/${organization}/spaces`, { title: "Space", parent: collection })).id
  const rootSpace = (await admin("POST", `/v1/orgs/${organization}/spaces`, { title: "Root space" })).id
  const deletedSpace = (await admin("POST", `/v1/orgs/${organization}/spaces`, { title: "Deleted space" })).id
  await admin("DELETE", `/v1/spaces/${deletedSpace}`)
  const invite = (await admin("POST", `/v1/orgs/${organization}/link-invites`, { role: "read" })).id
  const otherInvite = (await admin("POST", `/v1/orgs/${organization}/link-invites`, { role: "edit" })).id
  await call(server, people, "member", "POST", `/v1/orgs/${organization}/invites/${invite}`)
  const members = [people.ids.member, people.ids.admin]
  const team = (await admin("PUT", `/v1/orgs/${organization}/teams`, { title: "Team", members })).id
  const otherTeam = (await admin("PUT", `/v1/orgs/${organization}/teams`, { title: "Other team" })).id
  const changeRequests = `/v1/spaces/${space}/change-requests`
  const first = (await admin("POST", changeRequests, { subject: "First page" })).id
  const inserted = await admin("POST", `${changeRequests}/${first}/content?compat=false`, {
    changes: [
      { operation: "insert_page", title: "Page", document: { markdown: PAGE_MARKDOWN } },
      { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: "aGVsbG8=" }] }
    ]
  })
  const revision = (await admin("POST", `${changeRequests}/${first}/merge`)).revision as string
  const page = inserted.changes[0].page.id as string
  const file = inserted.insertedFiles[0].id as string
  const pagePath = (await admin("GET", `/v1/spaces/${space}/content/page/${page}`)).path as string
  const pdfToken = new URL((await admin("GET", `/v1/spaces/${space}/pdf`)).url as string).searchParams.get("token")!
  const changeRequest = await admin("POST", changeRequests, { subject: "Change" })
  await admin("POST", `${changeRequests}/${changeRequest.id}/content`, {
    changes: [{ operation: "update_page", page, document: { markdown: `Changed. ${PAGE_MARKDOWN}` } }]
  })
  const otherChangeRequest = (await admin("POST", changeRequests, { subject: "Other change" })).id
  const comment = (scopePath: string) => admin("POST", `${scopePath}/comments`, { body: { markdown: "A comment." }, page, node: NODE })
  const reply = (scopePath: string, id: string) => admin("POST", `${scopePath}/comments/${id}/replies`, { body: { markdown: "A reply." } })
  const spaceComment = (await comment(`/v1/spaces/${space}`)).id as string
  const spaceCommentReply = (await reply(`/v1/spaces/${space}`, spaceComment)).id as string
  const changeRequestComment = (await comment(`${changeRequests}/${changeRequest.id}`)).id as string
  const changeRequestCommentReply = (await reply(`${changeRequests}/${changeRequest.id}`, changeRequestComment)).id as string
  const sites = `/v1/orgs/${organization}/sites`
  const site = (await admin("POST", sites, { title: "Site", spaces: [space] })).id as string
  const otherSite = (await admin("POST", sites, { title: "Other site" })).id as string
  // The first section moves the site's root site space into a default section of its own.
  const siteSection = (await admin("POST", `${sites}/${site}/sections`, { spaceId: rootSpace, title: "Section" })).id as string
  const sections = (await admin("GET", `${sites}/${site}/sections`)).items as ReadonlyArray<{ id: string; siteSpaces: ReadonlyArray<{ id: string }> }>
  const defaultSection = sections.find((section) => section.id !== siteSection)!
  const siteSpace = sections.find((section) => section.id === siteSection)!.siteSpaces[0]!.id
  const siteSectionGroup = (await admin("POST", `${sites}/${site}/section-groups`, { title: "Group" })).id as string
  const shareLink = (await admin("POST", `${sites}/${site}/share-links`, { name: "Link" })).id as string
  await admin("PUT", `${sites}/${site}/adaptive-schema`, {
    jsonSchema: { type: "object", properties: { beta: { type: "boolean", description: "A beta tester" } }, additionalProperties: false }
  })
  // A Git sync on both spaces, for `getSpaceGitInfo` to show (its job fails: the source is no repository).
  const customFields = `/v1/orgs/${organization}/custom-fields`
  const customField = (await admin("POST", customFields, { name: "fuzz-field", type: "text", title: "Fuzz" })).name as string
  const otherCustomField = (await admin("POST", customFields, { name: "fuzz-choice", type: "multi-select", options: ["a", "b"] })).name as string
  await admin("PATCH", `/v1/spaces/${space}/custom-fields`, { values: { [customField]: { value: "Fuzzed" }, [otherCustomField]: { value: ["a"] } } })
  const importSource = await importSourceUrl()
  for (const synced of [space, rootSpace]) await admin("POST", `/v1/spaces/${synced}/git/import`, { url: importSource, ref: "refs/heads/main" })
  const idp = await makeIdp()
  const saml = `/v1/orgs/${organization}/saml`
  const samlProvider = (
    await admin("POST", saml, { label: "IdP", entityID: idp.entityID, ssoURL: "https://idp.test/sso", certificate: idp.certificate, defaultTeam: team })
  ).id as string
  const pendingSamlProvider = (await admin("POST", saml, { label: "Pending" })).id as string
  const translations = `/v1/orgs/${organization}/translations`
  const translation = (await admin("POST", translations, { title: "Translation", languages: ["fr", "de"] })).id as string
  const otherTranslation = (await admin("POST", translations, { title: "Other translation" })).id as string
  const openApiSpecs = `/v1/orgs/${organization}/openapi`
  await admin("POST", openApiSpecs, { slug: "world-spec", source: { text: WORLD_OPENAPI_DOCUMENT } })
  await admin("POST", openApiSpecs, { slug: "broken-spec", source: { text: "openapi: 3.1.0\npaths: 7\n" } })
  const openApiVersion = await processedOpenApiVersion(admin, `${openApiSpecs}/world-spec`)
  const integration = `fuzz-${organization}`
  const privateIntegration = `fuzz-private-${organization}`
  const publish = (name: string, owner: string, visibility: string) =>
    admin("POST", `/v1/integrations/${name}`, { title: "Fuzz", description: "Fuzzed", script: "export default {}", organization: owner, scopes: [], visibility })
  await publish(integration, otherOrganization, "public")
  await publish(privateIntegration, organization, "private")
  const installation = (await admin("POST", `/v1/integrations/${integration}/installations`, { organization })).id as string
  const privateInstallation = (await admin("POST", `/v1/integrations/${privateIntegration}/installations`, { organization })).id as string
  await admin("POST", `/v1/integrations/${integration}/installations/${installation}/spaces`, { space })
  const ids = {
    openApiSpec: "world-spec",
    otherOpenApiSpec: "broken-spec",
    openApiVersion,
    integration,
    privateIntegration,
    installation,
    privateInstallation,
    samlProvider,
    pendingSamlProvider,
    translation,
    otherTranslation,
    language: "fr-CA",
    site,
    otherSite,
    siteSection,
    defaultSiteSection: defaultSection.id,
    siteSpace,
    defaultSiteSpace: defaultSection.siteSpaces[0]!.id,
    siteSectionGroup,
    shareLink,
    organization,
    otherOrganization,
    collection,
    otherCollection,
    space,
    rootSpace,
    deletedSpace,
    team,
    otherTeam,
    invite,
    otherInvite,
    page,
    pagePath,
    revision,
    file,
    fileName: "notes.txt",
    pdfToken,
    changeRequest: changeRequest.id as string,
    otherChangeRequest,
    changeRequestNumber: String(changeRequest.number),
    spaceComment,
    spaceCommentReply,
    changeRequestComment,
    changeRequestCommentReply,
    node: NODE,
    reaction: "👍",
    searchQuery: "section",
    importSource,
    customField,
    otherCustomField,
    ...people.ids,
    emailDomain: people.emailDomain
  }
  return { people, ids, cursors: {} }
}

/** The world with page tokens for `operation`: its own next page (if it is a list) and another list's. */
export const withCursors = async (server: URL, world: World, operation: Operation): Promise<World> => {
  const foreignList = operations.find((op) => isList(op) && op !== operation && op.pathParameters.length === 0)
  const own = isList(operation) ? await cursorOf(server, world.people, world.ids, operation) : undefined
  const foreign = foreignList === undefined ? undefined : await cursorOf(server, world.people, world.ids, foreignList)
  return { ...world, cursors: { ...(own === undefined ? {} : { own }), ...(foreign === undefined ? {} : { foreign }) } }
}
