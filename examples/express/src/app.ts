/**
 * An Express backend that embeds Quire through `@quire/embed`, its Promise API, on SQLite:
 * no Effect in sight. Who calls is the `x-user-id` header (stand-in for the backend's own
 * sessions); Quire's errors become responses with their `status`.
 */
import {
  InvalidInputError,
  openQuire,
  type OrganizationId,
  QuireError,
  type SpaceId,
  type UserId
} from "@quire/embed"
import express, { type ErrorRequestHandler, type Request } from "express"

export const makeApp = async (options: { readonly filename: string }) => {
  const quire = await openQuire({ database: `sqlite:${options.filename}`, publicUrl: "https://docs.example.com" })
  /** Quire's services as the caller; an unknown user id rejects with NotFoundError (404). */
  const caller = (request: Request) => quire.as((request.header("x-user-id") ?? "") as UserId)

  const app = express()
  app.use(express.json())

  app.post("/users", async (request, response) => {
    response.status(201).json(await quire.users.create(request.body))
  })
  app.get("/organizations", async (request, response) => {
    const page = await caller(request).organizations.listMine({ limit: 100 })
    response.json(page.items.map((o) => ({ id: o.id, title: o.title })))
  })
  app.post("/organizations", async (request, response) => {
    response.status(201).json(await caller(request).organizations.create(request.body))
  })
  app.post("/organizations/:organizationId/spaces", async (request, response) => {
    const organizationId = request.params.organizationId as OrganizationId
    response.status(201).json(await caller(request).spaces.create(organizationId, request.body))
  })
  app.get("/spaces/:spaceId", async (request, response) => {
    response.json(await caller(request).spaces.get(request.params.spaceId as SpaceId))
  })

  /** Quire's errors carry the status its HTTP API would answer; anything else is a 500. */
  const quireErrors: ErrorRequestHandler = (error, _request, response, _next) => {
    if (error instanceof QuireError) {
      const field = error instanceof InvalidInputError ? { field: error.field } : {}
      if (error.status >= 500) console.error(error)
      response.status(error.status).json({ error: { code: error.status, message: error.message, ...field } })
      return
    }
    console.error(error)
    response.status(500).json({ error: { code: 500, message: "Internal error" } })
  }
  app.use(quireErrors)

  return { app, close: () => quire.close() }
}
