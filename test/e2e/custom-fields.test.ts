import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { joinWithRole, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Custom fields through HTTP (raw calls: the official client has none of these operations).
 * ada administers Acme; cy creates (so administers the spaces), bob edits, carl reads, gus is a
 * guest; eve is outside. Other holds fields of the same names for the transfer.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let carl: Principal
let cy: Principal
let gus: Principal
let eve: Principal
let acme: string
let other: string
let space: string

const call = (who: Principal | undefined, method: string, path: string, body?: unknown) =>
  rawCall(server.url, who?.token, method, path, body)
const fields = (organization: string) => `/orgs/${organization}/custom-fields`
const values = (spaceId: string) => `/spaces/${spaceId}/custom-fields`

/** A space's values as `name -> value`. */
const valuesOf = async (spaceId: string, who: Principal = carl) => {
  const response = await call(who, "GET", values(spaceId))
  expect(response.status).toBe(200)
  return Object.fromEntries((response.body as Array<{ customField: { name: string }; value: unknown }>).map((v) => [v.customField.name, v.value]))
}

/** Expects a 400 in the official error body whose message names `field`. */
const expect400 = async (response: Promise<{ status: number; body: any }>, field: string) => {
  const { status, body } = await response
  expect({ status, code: body?.error?.code }).toEqual({ status: 400, code: 400 })
  expect(body.error.message).toContain(field)
}

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob, carl, cy, gus] = await makeUsers(server, "acme.test", ["Ada", "Bob", "Carl", "Cy", "Gus"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  other = (await ada.api.orgs.createOrganization({ title: "Other" })).data.id
  await joinWithRole(ada, acme, bob, MemberRole.Edit)
  await joinWithRole(ada, acme, carl, MemberRole.Read)
  await joinWithRole(ada, acme, cy, MemberRole.Create)
  await joinWithRole(ada, acme, gus, null as unknown as MemberRole)
  space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("definitions", () => {
  it("createOrganizationCustomField answers 201 with the field and its Location; every member reads it", async () => {
    const created = await call(ada, "POST", fields(acme), { name: "owner", type: "text", title: "Owner", placeholder: "A team" })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      object: "custom-field",
      name: "owner",
      type: "text",
      title: "Owner",
      placeholder: "A team",
      urls: { location: `${server.url}/v1/orgs/${acme}/custom-fields/owner` },
      permissions: { view: true, edit: true }
    })
    expect(created.headers.get("location")).toBe(created.body.urls.location)
    for (const [name, type, options] of [
      ["priority", "number", undefined],
      ["public", "boolean", undefined],
      ["stage", "single-select", ["draft", "review", "done"]],
      ["audience", "multi-select", ["devs", "ops", "sales"]]
    ] as const) {
      expect((await call(ada, "POST", fields(acme), { name, type, options })).status).toBe(201)
    }
    for (const member of [bob, carl, cy, gus]) {
      const read = await call(member, "GET", `${fields(acme)}/owner`)
      expect(read.status).toBe(200)
      expect(read.body).toEqual({ ...created.body, permissions: { view: true, edit: false } })
    }
    const listed = await call(gus, "GET", fields(acme))
    expect(listed.status).toBe(200)
    expect(listed.body.count).toBe(5)
    expect(listed.body.items.map((f: { name: string }) => f.name)).toEqual(["audience", "owner", "priority", "public", "stage"])
  })

  it("listCustomFieldsInOrganizationById walks with page and limit, and refuses a bad limit", async () => {
    const names: Array<string> = []
    let page: string | undefined
    do {
      const result = await call(carl, "GET", `${fields(acme)}?limit=2${page ? `&page=${page}` : ""}`)
      expect(result.status).toBe(200)
      names.push(...result.body.items.map((f: { name: string }) => f.name))
      page = result.body.next?.page
    } while (page !== undefined)
    expect(names).toEqual(["audience", "owner", "priority", "public", "stage"])
    await expect400(call(carl, "GET", `${fields(acme)}?limit=0`), "limit")
  })

  it("only admins create, update and delete (403 naming the action); outsiders get 404", async () => {
    for (const member of [bob, carl, cy, gus]) {
      const created = await call(member, "POST", fields(acme), { name: "mine", type: "text" })
      expect(created.status).toBe(403)
      expect(created.body.error.message).toContain("create custom fields")
      expect((await call(member, "PATCH", `${fields(acme)}/owner`, { title: "Mine" })).status).toBe(403)
      expect((await call(member, "DELETE", `${fields(acme)}/owner`)).status).toBe(403)
    }
    for (const [method, path, body] of [
      ["GET", fields(acme), undefined],
      ["POST", fields(acme), { name: "mine", type: "text" }],
      ["GET", `${fields(acme)}/owner`, undefined],
      ["PATCH", `${fields(acme)}/owner`, { title: "Mine" }],
      ["DELETE", `${fields(acme)}/owner`, undefined]
    ] as const) {
      expect((await call(eve, method, path, body)).status, `${method} ${path}`).toBe(404)
    }
    expect((await call(ada, "GET", `${fields(acme)}/owner`)).body.title).toBe("Owner")
    expect((await call(ada, "GET", `${fields(acme)}/mine`)).status).toBe(404)
  })

  it("bad definitions are 400 naming the field and write nothing; a taken name is 409", async () => {
    const before = (await call(ada, "GET", fields(acme))).body
    const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`)
    await expect400(call(ada, "POST", fields(acme), { name: "Owner2", type: "text" }), "name")
    await expect400(call(ada, "POST", fields(acme), { name: "n".repeat(51), type: "text" }), "name")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "date" }), "type")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "text", title: "t".repeat(101) }), "title")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "text", description: "d".repeat(201) }), "description")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "multi-select", options: [] }), "options")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "multi-select", options: options(51) }), "options")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "single-select" }), "options")
    await expect400(call(ada, "POST", fields(acme), { name: "x", type: "number", options: ["a"] }), "options")
    await expect400(call(ada, "PATCH", `${fields(acme)}/owner`, { name: "renamed" }), "name")
    await expect400(call(ada, "PATCH", `${fields(acme)}/owner`, { type: "number" }), "type")
    await expect400(call(ada, "PATCH", `${fields(acme)}/owner`, { title: "t".repeat(101) }), "title")
    await expect400(call(ada, "PATCH", `${fields(acme)}/stage`, { options: options(51) }), "options")
    const taken = await call(ada, "POST", fields(acme), { name: "owner", type: "number" })
    expect(taken.status).toBe(409)
    expect((await call(ada, "GET", fields(acme))).body).toEqual(before)
  })

  it("updateOrganizationCustomFieldByName answers 200 with the changed field, name and type kept", async () => {
    const updated = await call(ada, "PATCH", `${fields(acme)}/stage`, { title: "Stage", options: ["draft", "review", "done", "later"] })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ name: "stage", type: "single-select", title: "Stage", options: ["draft", "review", "done", "later"] })
    expect((await call(carl, "GET", `${fields(acme)}/stage`)).body).toEqual({ ...updated.body, permissions: { view: true, edit: false } })
  })
})

describe("a space's values", () => {
  it("updateSpaceCustomFieldValues answers 204 and listSpaceCustomFieldValues shows only the fields with a value", async () => {
    expect(await valuesOf(space)).toEqual({})
    const patched = await call(cy, "PATCH", values(space), {
      values: { owner: { value: "Docs" }, priority: { value: 3 }, public: { value: true }, stage: { value: ["review"] }, audience: { value: ["devs", "ops"] } }
    })
    expect(patched.status).toBe(204)
    expect(patched.body).toBeUndefined()
    const listed = await call(carl, "GET", values(space))
    expect(listed.body.map((v: { customField: { name: string } }) => v.customField.name)).toEqual(["audience", "owner", "priority", "public", "stage"])
    expect(listed.body[1]).toMatchObject({ customField: { object: "custom-field", name: "owner", permissions: { view: true, edit: false } }, value: "Docs" })
    expect(await valuesOf(space)).toEqual({ owner: "Docs", priority: 3, public: true, stage: ["review"], audience: ["devs", "ops"] })
    expect((await call(ada, "PATCH", values(space), { values: { priority: { value: null } } })).status).toBe(204)
    expect(Object.keys(await valuesOf(space))).toEqual(["audience", "owner", "public", "stage"])
  })

  it("one unknown field or wrong value is 400 naming values.<name>.value, and nothing is written", async () => {
    const before = await valuesOf(space)
    const withBad = (name: string, value: unknown) => ({ values: { owner: { value: "Changed" }, [name]: { value } } })
    await expect400(call(ada, "PATCH", values(space), withBad("nope", "x")), "values.nope.value")
    await expect400(call(ada, "PATCH", values(space), withBad("public", "yes")), "values.public.value")
    await expect400(call(ada, "PATCH", values(space), withBad("priority", "3")), "values.priority.value")
    await expect400(call(ada, "PATCH", values(space), withBad("stage", ["draft", "done"])), "values.stage.value")
    await expect400(call(ada, "PATCH", values(space), withBad("audience", ["hr"])), "values.audience.value")
    await expect400(call(ada, "PATCH", values(space), withBad("audience", { a: 1 })), "values.audience.value")
    await expect400(call(ada, "PATCH", values(space), { values: { owner: { value: "x".repeat(257) } } }), "values.owner.value")
    await expect400(call(ada, "PATCH", values(space), { values: { owner: {} } }), "values.owner.value")
    await expect400(call(ada, "PATCH", values(space), {}), "values")
    expect(await valuesOf(space)).toEqual(before)
  })

  it("space admins write; editors and readers get 403; guests and outsiders 404", async () => {
    const body = { values: { owner: { value: "Theirs" } } }
    for (const member of [bob, carl]) {
      const refused = await call(member, "PATCH", values(space), body)
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toContain("update the custom fields of this space")
    }
    for (const stranger of [gus, eve]) {
      expect((await call(stranger, "PATCH", values(space), body)).status).toBe(404)
      expect((await call(stranger, "GET", values(space))).status).toBe(404)
    }
    expect((await valuesOf(space)).owner).toBe("Docs")
  })

  it("dropping an option a space has chosen is 400 naming options", async () => {
    await expect400(call(ada, "PATCH", `${fields(acme)}/stage`, { options: ["draft", "done"] }), "options")
    expect((await call(ada, "GET", `${fields(acme)}/stage`)).body.options).toEqual(["draft", "review", "done", "later"])
  })

  it("duplicateSpace copies the values", async () => {
    const copy = (await ada.api.spaces.duplicateSpace(space)).data.id
    expect(await valuesOf(copy)).toEqual(await valuesOf(space))
  })

  it("deleteOrganizationCustomFieldByName answers 204 and removes the field's value in every space", async () => {
    const second = (await ada.api.orgs.createSpace(acme, { title: "Second" })).data.id
    expect((await call(ada, "PATCH", values(second), { values: { public: { value: false } } })).status).toBe(204)
    const deleted = await call(ada, "DELETE", `${fields(acme)}/public`)
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeUndefined()
    expect(await valuesOf(second)).toEqual({})
    expect(Object.keys(await valuesOf(space))).toEqual(["audience", "owner", "stage"])
    expect((await call(ada, "GET", `${fields(acme)}/public`)).status).toBe(404)
  })

  it("transferSpace keeps only the values whose field the target has by name and accepts", async () => {
    expect((await call(ada, "POST", fields(other), { name: "owner", type: "text" })).status).toBe(201)
    expect((await call(ada, "POST", fields(other), { name: "stage", type: "single-select", options: ["draft"] })).status).toBe(201)
    const moving = (await ada.api.spaces.duplicateSpace(space)).data.id
    const transferred = await call(ada, "POST", `/spaces/${moving}/transfer`, { organization: other })
    expect(transferred.status).toBe(200)
    const after = await call(ada, "GET", values(moving))
    expect(after.body.map((v: { customField: { name: string } }) => v.customField.name)).toEqual(["owner"])
    expect(after.body[0]).toMatchObject({ value: "Docs", customField: { urls: { location: `${server.url}/v1/orgs/${other}/custom-fields/owner` } } })
  })
})

it("exercised every custom field operation", () => {
  expect(notExercised(operationsByArea.customFields)).toEqual([])
})
