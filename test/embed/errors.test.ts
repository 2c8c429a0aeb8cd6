/** Every core error arrives as its class with its status; defects as a plain QuireError 500. */
import { Conflict, Forbidden, Gone, InvalidInput, NotFound, RateLimited, Unauthorized } from "@quire/core"
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotFoundError,
  openQuire,
  QuireError,
  RateLimitedError,
  UnauthorizedError
} from "@quire/embed"
import { Cause } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fromCause } from "../../packages/embed/src/errors.js"
import { rejection, world } from "./support.js"

let w: Awaited<ReturnType<typeof world>>
beforeAll(async () => {
  w = await world()
})
afterAll(() => w.quire.close())

describe("@quire/embed errors", () => {
  it("InvalidInput: InvalidInputError with field and 400, a stack from the caller's line", async () => {
    const error = await rejection(w.quire.as(w.ada).spaces.create(w.org.id, { title: "x".repeat(60) }))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect(error).toBeInstanceOf(QuireError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: "InvalidInputError", field: "title", status: 400 })
    expect((error as Error).cause).toBeInstanceOf(InvalidInput)
    const stack = (error as Error).stack!.split("\n")
    expect(stack[0]).toBe(`InvalidInputError: ${(error as Error).message}`)
    expect(stack[1]).toMatch(/errors\.test\.ts:\d+/)
    expect((error as Error).stack).not.toContain("effect/dist")
    expect((error as Error).constructor.name).not.toContain("FiberFailure")
  })

  it("NotFound: NotFoundError 404, for a space hidden from the caller and for an unknown user id", async () => {
    const hidden = await rejection(w.quire.as(w.bob).spaces.get(w.space.id))
    expect(hidden).toBeInstanceOf(NotFoundError)
    expect(hidden).toMatchObject({ status: 404 })
    const nobody = await rejection(w.quire.as("nobody" as typeof w.ada.id).spaces.get(w.space.id))
    expect(nobody).toBeInstanceOf(NotFoundError)
    expect((nobody as Error).message).toContain("nobody")
  })

  it("Conflict: ConflictError 409", async () => {
    const error = await rejection(w.quire.users.create({ email: "bob@example.com", displayName: "Bob" }))
    expect(error).toBeInstanceOf(ConflictError)
    expect(error).toMatchObject({ status: 409 })
  })

  it("Unauthorized: UnauthorizedError 401", async () => {
    const error = await rejection(w.quire.apiTokens.authenticate("not-a-token"))
    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ status: 401 })
  })

  it("Forbidden: ForbiddenError 403", async () => {
    const invite = await w.quire.as(w.ada).invites.create(w.org.id, { role: "read" })
    await w.quire.as(w.bob).invites.join(w.org.id, invite.id)
    const error = await rejection(w.quire.as(w.bob).spaces.update(w.space.id, { title: "Mine" }))
    expect(error).toBeInstanceOf(ForbiddenError)
    expect(error).toMatchObject({ status: 403 })
  })

  it("each core error class maps to its class and the status the HTTP adapter answers", () => {
    const cases = [
      [new NotFound({ message: "m" }), NotFoundError, 404],
      [new Unauthorized({ message: "m" }), UnauthorizedError, 401],
      [new Forbidden({ message: "m" }), ForbiddenError, 403],
      [InvalidInput.of("f", "m"), InvalidInputError, 400],
      [new Conflict({ message: "m" }), ConflictError, 409],
      [new Gone({ message: "m" }), GoneError, 410],
      [new RateLimited({ message: "m" }), RateLimitedError, 429]
    ] as const
    for (const [core, cls, status] of cases) {
      const error = fromCause(Cause.fail(core))
      expect(error).toBeInstanceOf(cls)
      expect(error.status).toBe(status)
      expect(error.status).toBe((core.constructor as unknown as { readonly status: number }).status)
      expect(error.cause).toBe(core)
    }
  })

  it("a defect is a plain QuireError 500 with the cause", async () => {
    const boom = new Error("boom")
    const error = fromCause(Cause.die(boom))
    expect(error.constructor).toBe(QuireError)
    expect(error).toMatchObject({ status: 500 })
    expect(error.cause).toBe(boom)
    // Through the facade: an argument the core does not expect makes a defect, not a FiberFailure.
    const thrown = await rejection(w.quire.as(w.ada).organizations.listMine(undefined as never))
    expect(thrown).toBeInstanceOf(QuireError)
    expect((thrown as QuireError).status).toBeOneOf([400, 500])
  })

  it("openQuire: a URL it does not understand is InvalidInputError on field database", async () => {
    const error = await rejection(openQuire({ database: "mysql://x", publicUrl: "https://docs.example.com" }))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect(error).toMatchObject({ field: "database", status: 400 })
    expect((error as Error).message).toContain("mysql://x")
  })
})
