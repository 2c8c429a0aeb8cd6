import { Effect, Exit, Scope } from "effect"
import { makeUsers } from "../../e2e/support/fixtures.js"
import { type RunningServer, startServer } from "../../e2e/support/server.js"
import { freshPostgresDatabase } from "../../support/postgres.js"
import { send } from "./rawHttp.js"

export type Backend = "sqlite" | "postgres"

/** A running `quire serve` with an organization, a space and a team that ada administers; bob is a member. */
export interface Fixture {
  readonly server: RunningServer
  readonly port: number
  readonly token: string
  readonly bobId: string
  readonly organizationId: string
  readonly spaceId: string
  readonly teamId: string
  /** A call as ada; `body` as a value is sent as JSON, as a string it is sent as it is. */
  readonly call: (method: string, path: string, body?: unknown) => ReturnType<typeof send>
  readonly stop: () => Promise<void>
}

const created = async (response: Awaited<ReturnType<typeof send>>): Promise<string> => {
  if (response.status !== 201 && response.status !== 200) throw new Error(`setup failed: ${response.status} ${response.text}`)
  return (JSON.parse(response.text) as { id: string }).id
}

/** Starts the server on `backend` (a fresh database each time) with `env` added to its environment. */
export const startFixture = async (backend: Backend, env: Record<string, string> = {}): Promise<Fixture> => {
  const scope = Effect.runSync(Scope.make())
  const databaseUrl = backend === "postgres" ? await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope)) : undefined
  const server = await startServer(databaseUrl === undefined ? { env } : { databaseUrl, env })
  const [ada, bob] = await makeUsers(server, `${backend}.test`, ["Ada", "Bob"])
  const token = ada.token
  const call = (method: string, path: string, body?: unknown) =>
    send(server.url, {
      method,
      path,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
    })
  const organizationId = await created(await call("POST", "/v1/orgs", { title: "Acme" }))
  const invite = await created(await call("POST", `/v1/orgs/${organizationId}/link-invites`, { role: "edit" }))
  await bob.api.orgs.joinOrganizationWithInvite(organizationId, invite)
  const spaceId = await created(await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Handbook" }))
  const teamId = await created(await call("PUT", `/v1/orgs/${organizationId}/teams`, { title: "Writers" }))
  return {
    server,
    port: Number(new URL(server.url).port),
    token,
    bobId: bob.user.id,
    organizationId,
    spaceId,
    teamId,
    call,
    stop: async () => {
      await server.stop()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  }
}
