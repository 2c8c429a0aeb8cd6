import {
  type Actor,
  type ChangeRequestRef,
  ChangeRequests,
  type CommentScope,
  Comments,
  Content,
  ContentScope,
  type DomainError,
  InvalidInput,
  Organizations,
  type RevisionPage,
  Search,
  type SpaceId,
  Spaces,
  validate
} from "@quire/core"
import { Effect, JSONSchema, type Schema } from "effect"
import {
  CommentInput,
  CreateChangeRequestToolInput,
  EditPagesInput,
  ListChangeRequestsInput,
  ListOrganizationsInput,
  ListSpacesInput,
  MergeChangeRequestInput,
  ReadPageInput,
  SearchInput
} from "./toolInputs.js"

/** The services the tools run, as the REST handlers of the same operations do. */
export type ToolServices = Organizations | Spaces | Content | ChangeRequests | Comments | Search

/** What a tool answers: text for the assistant (JSON, or a page's markdown). */
export type ToolOutput = { readonly text: string }

export interface Tool {
  readonly name: string
  readonly description: string
  /** The input's JSON Schema, made from the same Effect Schema the arguments are decoded with. */
  readonly inputSchema: { readonly type: "object" } & Record<string, unknown>
  readonly readOnly: boolean
  /** Decodes the arguments with the core's `validate` (a bad one is `InvalidInput` naming the field), then runs. */
  readonly call: (args: unknown) => Effect.Effect<ToolOutput, DomainError, ToolServices | Actor>
}

const asJson = (value: unknown): ToolOutput => ({ text: JSON.stringify(value) })

/** A tool input's JSON Schema, made from the Effect Schema its arguments are decoded with. */
export const inputSchemaOf = <A, I>(input: Schema.Schema<A, I, never>): Tool["inputSchema"] => {
  const { $schema: _, ...inputSchema } = JSONSchema.make(input) as unknown as { type: "object" } & Record<string, unknown>
  return inputSchema
}

const tool = <A, I>(
  name: string,
  description: string,
  input: Schema.Schema<A, I, never>,
  readOnly: boolean,
  run: (input: A) => Effect.Effect<ToolOutput, DomainError, ToolServices | Actor>
): Tool => ({ name, description, inputSchema: inputSchemaOf(input), readOnly, call: (args) => Effect.flatMap(validate(input)(args ?? {}), run) })

/** Exactly one of two optional fields: the first named in the error when neither or both are given. */
export const oneOf = (first: readonly [string, unknown], second: readonly [string, unknown]) =>
  (first[1] === undefined) === (second[1] === undefined)
    ? Effect.fail(InvalidInput.of(first[0], `give exactly one of "${first[0]}" and "${second[0]}"`))
    : Effect.void

/** The space's content, or its change request's. */
const scopeOf = (input: { readonly spaceId: SpaceId; readonly changeRequestId?: ChangeRequestRef | undefined }): CommentScope =>
  input.changeRequestId === undefined
    ? ContentScope.Space({ spaceId: input.spaceId })
    : ContentScope.ChangeRequest({ spaceId: input.spaceId, changeRequest: input.changeRequestId })

/** A document as the assistant reads it: its title and path, then its markdown; another page as its JSON. */
const pageText = (page: RevisionPage): ToolOutput => ({
  text: "markdown" in page && page.markdown !== undefined ? `# ${page.title}\n\n(path: ${page.path})\n\n${page.markdown}` : JSON.stringify(page)
})

/** The organization's MCP tools, each running one core operation as the token's user. */
export const tools: ReadonlyArray<Tool> = [
  tool("list_organizations", "List the organizations you are a member of.", ListOrganizationsInput, true, (input) =>
    Effect.flatMap(Organizations, (organizations) => Effect.map(organizations.listMine(input), asJson))
  ),
  tool("list_spaces", "List the spaces of an organization that you can see.", ListSpacesInput, true, ({ organizationId, ...page }) =>
    Effect.flatMap(Spaces, (spaces) => Effect.map(spaces.list(organizationId, page), asJson))
  ),
  tool(
    "list_change_requests",
    "List a space's change requests with a status (open unless asked), the newest first.",
    ListChangeRequestsInput,
    true,
    ({ spaceId, ...query }) => Effect.flatMap(ChangeRequests, (changeRequests) => Effect.map(changeRequests.list(spaceId, query), asJson))
  ),
  tool(
    "read_page",
    "Read a page as markdown, by id or by path, from a space's content or from one of its change requests.",
    ReadPageInput,
    true,
    (input) =>
      Effect.gen(function* () {
        yield* oneOf(["pageId", input.pageId], ["path", input.path])
        const content = yield* Content
        const scope = scopeOf(input)
        const page =
          input.pageId !== undefined
            ? yield* content.page(scope, input.pageId, { markdown: true })
            : yield* content.pageByPath(scope, input.path ?? "", { markdown: true })
        return pageText(page)
      })
  ),
  tool(
    "search",
    "Full-text search of one space's content (spaceId) or of every space of an organization you can read (organizationId).",
    SearchInput,
    true,
    ({ organizationId, spaceId, ...query }) =>
      Effect.gen(function* () {
        yield* oneOf(["spaceId", spaceId], ["organizationId", organizationId])
        const search = yield* Search
        return asJson(spaceId !== undefined ? yield* search.space(spaceId, query) : yield* search.organization(organizationId!, query))
      })
  ),
  tool(
    "create_change_request",
    "Open a change request in a space: a draft of the space's content to edit with edit_pages, then merge.",
    CreateChangeRequestToolInput,
    false,
    ({ spaceId, ...input }) => Effect.flatMap(ChangeRequests, (changeRequests) => Effect.map(changeRequests.create(spaceId, input), asJson))
  ),
  tool(
    "edit_pages",
    "Apply a batch of content changes (insert_page, update_page, delete_page, ... with markdown documents) to a change request, all or nothing: the REST authoring endpoint's batch.",
    EditPagesInput,
    false,
    ({ spaceId, changeRequestId, changes }) =>
      Effect.flatMap(ChangeRequests, (changeRequests) => Effect.map(changeRequests.updateContent(spaceId, changeRequestId, changes), asJson))
  ),
  tool(
    "comment",
    "Post a comment (markdown) on a space's content or on a change request, optionally about one page.",
    CommentInput,
    false,
    ({ spaceId, changeRequestId, ...input }) =>
      Effect.flatMap(Comments, (comments) =>
        Effect.map(comments.post(scopeOf({ spaceId, changeRequestId }), input), asJson)
      )
  ),
  tool(
    "merge_change_request",
    "Merge a change request into its space's content. With result \"conflicts\", nothing changed.",
    MergeChangeRequestInput,
    false,
    ({ spaceId, changeRequestId }) =>
      Effect.flatMap(ChangeRequests, (changeRequests) =>
        Effect.map(changeRequests.merge(spaceId, changeRequestId), ({ result, revision }) => asJson({ result, revision }))
      )
  )
]

export const toolsByName: ReadonlyMap<string, Tool> = new Map(tools.map((t) => [t.name, t]))
