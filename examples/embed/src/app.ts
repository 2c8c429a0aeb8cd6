/**
 * An existing Node backend (plain `node:http`) that embeds Quire's core in-process on
 * SQLite: no HTTP adapter, no second server. Its own routes call the core services as
 * the backend's service user.
 */
import { Actor, OrganizationId, Organizations, QuireCore, Spaces, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { createServer, type IncomingMessage, type Server } from "node:http"

const readJson = async (request: IncomingMessage): Promise<any> => {
  let text = ""
  for await (const chunk of request) text += chunk
  return text === "" ? {} : JSON.parse(text)
}

export const makeApp = async (options: { readonly filename: string }) => {
  const runtime = ManagedRuntime.make(
    QuireCore.layer({ publicUrl: "http://localhost:8080" }).pipe(
      Layer.provideMerge(SqliteStorage.layer({ filename: options.filename }))
    )
  )
  // The backend acts in Quire as one service user, made on first start.
  const serviceUser = await runtime.runPromise(
    Effect.gen(function* () {
      const users = yield* Users
      const found = yield* users.findByEmail("backend@example.com")
      return Option.isSome(found) ? found.value : yield* users.create({ email: "backend@example.com", displayName: "Backend" })
    })
  )
  const run = <A, E>(effect: Effect.Effect<A, E, Organizations | Spaces | Actor>) =>
    runtime.runPromise(Effect.provideService(effect, Actor, serviceUser))

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(body))
    }
    try {
      const url = new URL(request.url ?? "/", "http://localhost")
      const spacesOf = url.pathname.match(/^\/organizations\/([^/]+)\/spaces$/)
      if (request.method === "GET" && url.pathname === "/organizations") {
        const page = await run(Effect.flatMap(Organizations, (o) => o.listMine({ limit: 100 })))
        return send(200, page.items.map((o) => ({ id: o.id, title: o.title })))
      }
      if (request.method === "POST" && url.pathname === "/organizations") {
        const { title } = await readJson(request)
        return send(201, await run(Effect.flatMap(Organizations, (o) => o.create({ title }))))
      }
      if (request.method === "POST" && spacesOf) {
        const { title } = await readJson(request)
        const organizationId = OrganizationId.make(spacesOf[1]!)
        return send(201, await run(Effect.flatMap(Spaces, (s) => s.create(organizationId, { title }))))
      }
      send(404, { error: "not found" })
    } catch (error) {
      // Core failures are tagged errors with a message a person can read.
      send(400, { error: error instanceof Error ? error.message : String(error) })
    }
  })
  return { server, close: () => new Promise<void>((done) => server.close(() => done())).then(() => runtime.dispose()) }
}
