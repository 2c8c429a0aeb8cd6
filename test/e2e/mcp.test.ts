import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { ContentChangesInput, CreateChangeRequestInput, PostCommentInput } from "@quire/core"
import { Effect, Exit, JSONSchema, type Schema, Scope } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { makeAcmeWithEditor, makeUsers, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"
import { errorOf, successOf, type ToolAnswer } from "./support/toolAnswers.js"

/**
 * The organization's MCP server at `/mcp`, through the official MCP client (the SDK's `Client`
 * over `StreamableHTTPClientTransport`) against `quire serve`, on SQLite and on Postgres. ada
 * administers Acme, bob edits, carl reads, eve is outside. What the tools write is read back
 * through the REST API with the official GitBook client.
 */

const TOOLS = [
  "list_organizations",
  "list_spaces",
  "list_change_requests",
  "read_page",
  "search",
  "create_change_request",
  "edit_pages",
  "comment",
  "merge_change_request"
]

const GUIDE = "Welcome to the marmalade handbook.\n\n## Install\n\nRun it."

const available = await postgresAvailable()
const backends = [
  { name: "SQLite", enabled: true },
  { name: "Postgres", enabled: available }
] as const


for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`the organization's MCP server on ${backend.name}`, { timeout: 120_000 }, () => {
    let scope: Scope.CloseableScope | undefined
    let server: RunningServer
    let ada: Principal
    let bob: Principal
    let carl: Principal
    let eve: Principal
    let acme: string
    let space: string
    const clients: Array<Client> = []

    const connect = async (who: Principal | undefined) => {
      const client = new Client({ name: "quire-test", version: "1.0.0" })
      const headers: Record<string, string> = who === undefined ? {} : { authorization: `Bearer ${who.token}` }
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }))
      clients.push(client)
      return client
    }

    const sessions = new Map<Principal, Client>()
    const as = async (who: Principal) => {
      const known = sessions.get(who)
      if (known !== undefined) return known
      const client = await connect(who)
      sessions.set(who, client)
      return client
    }

    const call = async (who: Principal, name: string, args: Record<string, unknown>): Promise<ToolAnswer> => {
      const result = (await (await as(who)).callTool({ name, arguments: args })) as CallToolResult
      const first = result.content[0]
      return { isError: result.isError === true, text: first?.type === "text" ? first.text : "" }
    }

    const rest = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init)

    beforeAll(async () => {
      let databaseUrl: string | undefined
      if (backend.name === "Postgres") {
        scope = Effect.runSync(Scope.make())
        databaseUrl = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
      }
      server = await startServer(databaseUrl === undefined ? {} : { databaseUrl })
      ;({ ada, bob, carl, eve, acme } = await makeAcmeWithEditor(server))
      space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
      const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Guide" })).data.id
      await ada.api.spaces.updateChangeRequestContent(space, cr, {
        changes: [{ operation: "insert_page", title: "Guide", slug: "guide", document: { markdown: GUIDE } }]
      } as any)
      expect((await ada.api.spaces.mergeChangeRequest(space, cr)).data.result).toBe("merge")
    })

    afterAll(async () => {
      for (const client of clients) await client.close().catch(() => undefined)
      await server?.stop()
      if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
    })

    afterEach(() => {
      expect(takeSpecViolations()).toEqual([])
    })

    it("lists its tools, each input schema made from the REST operation's own schema", async () => {
      const { tools } = await (await as(carl)).listTools()
      expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort())
      const byName = new Map(tools.map((t) => [t.name, t]))
      const fromRest = <A, I>(schema: Schema.Schema<A, I, never>) => JSONSchema.make(schema) as any
      expect(byName.get("create_change_request")!.inputSchema.properties!.subject).toEqual(fromRest(CreateChangeRequestInput).properties.subject)
      expect(byName.get("edit_pages")!.inputSchema.properties!.changes).toEqual(fromRest(ContentChangesInput).properties.changes)
      expect(byName.get("comment")!.inputSchema.properties!.body).toEqual(fromRest(PostCommentInput).properties.body)
      expect(byName.get("edit_pages")!.inputSchema.required).toEqual(expect.arrayContaining(["spaceId", "changeRequestId", "changes"]))
      expect(byName.get("read_page")!.annotations?.readOnlyHint).toBe(true)
      expect(byName.get("merge_change_request")!.annotations?.readOnlyHint).toBe(false)
    })

    it("opens a change request, edits a page in it, an admin merges it: the REST API reads the new content", async () => {
      const opened = successOf(await call(bob, "create_change_request", { spaceId: space, subject: "Add FAQ" }))
      expect(opened).toMatchObject({ object: "change-request", subject: "Add FAQ", status: "draft" })
      const edited = successOf(
        await call(bob, "edit_pages", {
          spaceId: space,
          changeRequestId: opened.number,
          changes: [{ operation: "insert_page", title: "FAQ", slug: "faq", document: { markdown: "Questions about quinces." } }]
        })
      )
      expect(edited.changeRequest.id).toBe(opened.id)
      expect(edited.changes).toHaveLength(1)
      const draft = await call(bob, "read_page", { spaceId: space, changeRequestId: opened.id, path: "faq" })
      expect(draft.isError).toBe(false)
      expect(draft.text).toContain("Questions about quinces.")
      // Not in the space's content before the merge.
      expect(errorOf(await call(bob, "read_page", { spaceId: space, path: "faq" })).code).toBe(404)
      // An editor may not merge; an admin may.
      expect(errorOf(await call(bob, "merge_change_request", { spaceId: space, changeRequestId: opened.id })).code).toBe(403)
      expect(successOf(await call(ada, "merge_change_request", { spaceId: space, changeRequestId: opened.id })).result).toBe("merge")

      const page = (await ada.api.spaces.getPageByPath(space, "faq", { format: "markdown" } as any)).data as any
      expect(page.title).toBe("FAQ")
      expect(page.markdown).toContain("Questions about quinces.")
      expect((await ada.api.spaces.getChangeRequestById(space, opened.id)).data.status).toBe("merged")
      const read = await call(carl, "read_page", { spaceId: space, pageId: page.id })
      expect(read.text).toContain("Questions about quinces.")
    })

    it("searches a space and an organization", async () => {
      const inSpace = successOf(await call(carl, "search", { spaceId: space, query: "marmalade" }))
      expect(inSpace.items.map((item: any) => item.title)).toEqual(["Guide"])
      const inOrganization = successOf(await call(carl, "search", { organizationId: acme, query: "marmalade" }))
      expect(inOrganization.items.map((item: any) => item.id)).toEqual([space])
      expect(errorOf(await call(eve, "search", { organizationId: acme, query: "marmalade" })).code).toBe(404)
    })

    it("lists organizations, spaces and change requests as the token's user", async () => {
      expect(successOf(await call(carl, "list_organizations", {})).items.map((o: any) => o.id)).toContain(acme)
      expect(successOf(await call(eve, "list_organizations", {})).items.map((o: any) => o.id)).not.toContain(acme)
      expect(successOf(await call(carl, "list_spaces", { organizationId: acme })).items.map((s: any) => s.id)).toContain(space)
      const open = successOf(await call(bob, "create_change_request", { spaceId: space, subject: "Listed" }))
      const listed = successOf(await call(carl, "list_change_requests", { spaceId: space, status: "draft" }))
      expect(listed.items.map((c: any) => c.id)).toContain(open.id)
    })

    describe("the authorization matrix", () => {
      type Outcome = "ok" | 403 | 404
      /** Each tool, its arguments (made fresh per caller), and what admin, editor, reader and outsider get. */
      const matrix: ReadonlyArray<{
        readonly tool: string
        readonly args: () => Promise<Record<string, unknown>>
        readonly outcomes: readonly [Outcome, Outcome, Outcome, Outcome]
      }> = [
        { tool: "list_spaces", args: async () => ({ organizationId: acme }), outcomes: ["ok", "ok", "ok", 404] },
        { tool: "list_change_requests", args: async () => ({ spaceId: space }), outcomes: ["ok", "ok", "ok", 404] },
        { tool: "read_page", args: async () => ({ spaceId: space, path: "guide" }), outcomes: ["ok", "ok", "ok", 404] },
        { tool: "search", args: async () => ({ spaceId: space, query: "marmalade" }), outcomes: ["ok", "ok", "ok", 404] },
        { tool: "create_change_request", args: async () => ({ spaceId: space, subject: "Matrix" }), outcomes: ["ok", "ok", 403, 404] },
        {
          tool: "edit_pages",
          args: async () => ({
            spaceId: space,
            changeRequestId: (await ada.api.spaces.createChangeRequest(space, { subject: "Edits" })).data.id,
            changes: [{ operation: "insert_page", title: "Notes", document: { markdown: "Notes." } }]
          }),
          outcomes: ["ok", "ok", 403, 404]
        },
        { tool: "comment", args: async () => ({ spaceId: space, body: { markdown: "Looks good." } }), outcomes: ["ok", "ok", 403, 404] },
        {
          tool: "comment",
          args: async () => ({
            spaceId: space,
            changeRequestId: (await ada.api.spaces.createChangeRequest(space, { subject: "Discuss" })).data.id,
            body: { markdown: "On the change request." }
          }),
          outcomes: ["ok", "ok", 403, 404]
        },
        {
          tool: "merge_change_request",
          args: async () => {
            const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Merge me" })).data.id
            await ada.api.spaces.updateChangeRequestContent(space, cr, {
              changes: [{ operation: "insert_page", title: `Merged ${cr}`, document: { markdown: "Merged." } }]
            } as any)
            return { spaceId: space, changeRequestId: cr }
          },
          outcomes: ["ok", 403, 403, 404]
        }
      ]

      for (const { tool, args, outcomes } of matrix) {
        it(`${tool}: admin ${outcomes[0]}, editor ${outcomes[1]}, reader ${outcomes[2]}, outsider ${outcomes[3]}`, async () => {
          const people = [ada, bob, carl, eve]
          for (const [i, who] of people.entries()) {
            const answer = await call(who, tool, await args())
            const expected = outcomes[i]!
            if (expected === "ok") expect(answer.isError, `${who.user.displayName}: ${answer.text}`).toBe(false)
            else {
              const error = errorOf(answer)
              expect(error.code, who.user.displayName).toBe(expected)
              // The REST API's words: a forbidden action is named, an outsider learns nothing.
              if (expected === 403) expect(error.message).toMatch(/./)
            }
          }
        })
      }

      it("a reader's refused write is the REST API's own refusal", async () => {
        const viaMcp = errorOf(await call(carl, "create_change_request", { spaceId: space, subject: "No" }))
        const viaRest = await rest(`/v1/spaces/${space}/change-requests`, {
          method: "POST",
          headers: { authorization: `Bearer ${carl.token}`, "content-type": "application/json" },
          body: JSON.stringify({ subject: "No" })
        })
        expect(viaRest.status).toBe(403)
        expect(viaMcp).toEqual(((await viaRest.json()) as { error: unknown }).error)
      })
    })

    describe("bad input", () => {
      it("a content batch that breaks a rule is a tool error naming the field, and writes nothing", async () => {
        const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Unchanged" })).data
        const empty = errorOf(await call(bob, "edit_pages", { spaceId: space, changeRequestId: cr.id, changes: [] }))
        expect(empty).toMatchObject({ code: 400, field: "changes" })
        const untitled = errorOf(
          await call(bob, "edit_pages", {
            spaceId: space,
            changeRequestId: cr.id,
            changes: [{ operation: "insert_page", title: "x".repeat(300), document: { markdown: "Long." } }]
          })
        )
        expect(untitled).toMatchObject({ code: 400, field: "changes[0].title" })
        expect((await ada.api.spaces.getChangeRequestById(space, cr.id)).data.revision).toBe(cr.revision)
      })

      it("a subject over its limit opens no change request", async () => {
        const before = (await ada.api.spaces.listChangeRequestsForSpace(space, { status: "draft" } as any)).data.count
        const refused = errorOf(await call(bob, "create_change_request", { spaceId: space, subject: "s".repeat(101) }))
        expect(refused).toMatchObject({ code: 400, field: "subject" })
        expect((await ada.api.spaces.listChangeRequestsForSpace(space, { status: "draft" } as any)).data.count).toBe(before)
      })

      it("missing and conflicting arguments name their field", async () => {
        expect(errorOf(await call(bob, "edit_pages", { changeRequestId: 1, changes: [] }))).toMatchObject({ code: 400, field: "spaceId" })
        expect(errorOf(await call(bob, "read_page", { spaceId: space }))).toMatchObject({ code: 400, field: "pageId" })
        expect(errorOf(await call(bob, "search", { query: "x" }))).toMatchObject({ code: 400, field: "spaceId" })
        expect(errorOf(await call(bob, "search", { spaceId: space, query: "" }))).toMatchObject({ code: 400, field: "query" })
        expect(errorOf(await call(bob, "comment", { spaceId: space, body: { markdown: "" } }))).toMatchObject({ code: 400, field: "body.markdown" })
      })

      it("an unknown tool is a JSON-RPC error", async () => {
        await expect((await as(bob)).callTool({ name: "drop_everything", arguments: {} })).rejects.toThrow(/drop_everything/)
      })
    })

    describe("the transport", () => {
      const initialize = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } }
      }
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        rest("/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body: JSON.stringify(body)
        })

      it("without a valid token, 401 in the API's error body", async () => {
        const none = await post(initialize)
        expect(none.status).toBe(401)
        expect(((await none.json()) as any).error.code).toBe(401)
        expect((await post(initialize, { authorization: "Bearer nope" })).status).toBe(401)
        await expect(connect(undefined)).rejects.toThrow()
      })

      it("answers JSON, 202 for a notification, 405 for GET and DELETE, 400 for no JSON-RPC message", async () => {
        const auth = { authorization: `Bearer ${carl.token}` }
        const initialized = await post(initialize, auth)
        expect(initialized.status).toBe(200)
        expect(initialized.headers.get("content-type")).toMatch(/^application\/json/)
        expect(((await initialized.json()) as any).result.serverInfo.name).toBe("quire")
        expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, auth)).status).toBe(202)
        expect((await rest("/mcp", { headers: auth })).status).toBe(405)
        expect((await rest("/mcp", { method: "DELETE", headers: auth })).status).toBe(405)
        expect((await post({ hello: "world" }, auth)).status).toBe(400)
        const notJson = await rest("/mcp", { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "hi" })
        expect(notJson.status).toBe(415)
      })
    })
  })
}

describe("the token's rate limit", { timeout: 120_000 }, () => {
  let server: RunningServer
  afterAll(async () => {
    await server?.stop()
  })

  it("covers MCP calls: past its budget, 429 in the API's error body with Retry-After", async () => {
    server = await startServer({ env: { TOKEN_REQUESTS_PER_MINUTE: "3" } })
    const [mia] = await makeUsers(server, "acme.test", ["Mia"])
    const list = () =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${mia.token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })
      })
    // One request of the budget through the REST API, two through /mcp: the fourth is refused.
    expect((await fetch(`${server.url}/v1/user`, { headers: { authorization: `Bearer ${mia.token}` } })).status).toBe(200)
    expect((await list()).status).toBe(200)
    expect((await list()).status).toBe(200)
    const refused = await list()
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).toMatch(/^[0-9]+$/)
    expect(((await refused.json()) as any).error.code).toBe(429)
  })
})
