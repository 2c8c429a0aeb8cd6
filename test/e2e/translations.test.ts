import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, joinWithRole, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole, type Organization } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Translation settings through the official client, in the seed's shape (the official spec's
 * `Translation` is another resource: each answer is validated against the seed's shape, see
 * support/seedTranslationSettings.ts). ada administers Acme; cy creates, ed edits, rey reviews,
 * rita reads, gus is a guest; eve is outside.
 */
interface TranslationSettings {
  readonly object: "translation-settings"
  readonly id: string
  readonly title: string
  readonly languages: ReadonlyArray<string>
  readonly createdAt: string
  readonly updatedAt: string
  readonly permissions: { readonly view: boolean; readonly edit: boolean }
  readonly urls: { readonly location: string }
}
interface Listed {
  readonly items: ReadonlyArray<TranslationSettings>
  readonly count: number
  readonly next?: { readonly page: string }
}

let server: RunningServer
let ada: Principal
let cy: Principal
let ed: Principal
let rey: Principal
let rita: Principal
let gus: Principal
let eve: Principal
let acme: Organization
let docs: TranslationSettings

/** The official client's translations calls, with the seed's bodies and answers. */
const translations = (who: Principal) => ({
  list: async (query?: { page?: string; limit?: number }) => (await who.api.orgs.listTranslations(acme.id, query)).data as unknown as Listed,
  create: (body: unknown) => who.api.orgs.createTranslation(acme.id, body as any),
  get: (id: string) => who.api.orgs.getTranslation(acme.id, id),
  update: (id: string, body: unknown) => who.api.orgs.updateTranslation(acme.id, id, body as any),
  remove: (id: string) => who.api.orgs.deleteTranslation(acme.id, id)
})
const dataOf = async (call: Promise<{ data: unknown }>) => (await call).data as TranslationSettings

beforeAll(async () => {
  server = await startServer()
  ;[ada, cy, ed, rey, rita, gus] = await makeUsers(server, "acme.test", ["Ada", "Cy", "Ed", "Rey", "Rita", "Gus"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data
  await joinWithRole(ada, acme.id, cy, MemberRole.Create)
  await joinWithRole(ada, acme.id, ed, MemberRole.Edit)
  await joinWithRole(ada, acme.id, rey, MemberRole.Review)
  await joinWithRole(ada, acme.id, rita, MemberRole.Read)
  await joinWithRole(ada, acme.id, gus, null as unknown as MemberRole)
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const writers = () => [cy, ed, rey, rita, gus]

describe("creating and reading translation settings", () => {
  it("createTranslation answers 201 with the settings, languages canonical, and Location", async () => {
    const created = await translations(ada).create({ title: "Docs", languages: ["fr", "EN-us", "fr", "zh-hant"] })
    expect(created.status).toBe(201)
    docs = created.data as unknown as TranslationSettings
    expect(docs).toMatchObject({
      object: "translation-settings",
      title: "Docs",
      languages: ["fr", "en-US", "zh-Hant"],
      permissions: { view: true, edit: true },
      urls: { location: `${server.url}/v1/orgs/${acme.id}/translations/${docs.id}` }
    })
    expect(created.headers.get("location")).toBe(docs.urls.location)
    // The seed's body: a title only.
    expect((await dataOf(translations(ada).create({ title: "Bare" }))).languages).toEqual([])
  })

  it("createTranslation: bad input 400 naming the field; other roles 403; outsiders 404; nothing written", async () => {
    await expectFailure(translations(ada).create({ title: "x".repeat(101) }), 400, /title/)
    await expectFailure(translations(ada).create({ title: "" }), 400, /title/)
    await expectFailure(translations(ada).create({ languages: ["fr"] }), 400, /title/)
    await expectFailure(translations(ada).create({ title: "T", languages: ["fr", "klingon!"] }), 400, /languages\[1\]/)
    await expectFailure(translations(ada).create({ title: "T", languages: ["en_US"] }), 400, /languages\[0\]/)
    await expectFailure(translations(ada).create({ title: "T", languages: Array(101).fill("fr") }), 400, /languages/)
    // The official spec's body is not this one: it has no title.
    await expectFailure(translations(ada).create({ source: { type: "space" }, language: "fr" }), 400, /title/)
    for (const who of writers()) await expectFailure(translations(who).create({ title: "Mine" }), 403, /create translations/)
    await expectFailure(translations(eve).create({ title: "Eve's" }), 404)
    expect((await translations(ada).list()).count).toBe(2)
  })

  it("listTranslations and getTranslation answer every member, with its own permissions; outsiders 404", async () => {
    for (const [who, edit] of [[ada, true], ...writers().map((w) => [w, false] as const)] as const) {
      const listed = await translations(who).list()
      expect(listed.items.map((t) => [t.title, t.permissions])).toEqual([
        ["Docs", { view: true, edit }],
        ["Bare", { view: true, edit }]
      ])
      const got = await dataOf(translations(who).get(docs.id))
      expect(got).toEqual({ ...docs, permissions: { view: true, edit } })
    }
    await expectFailure(translations(eve).list(), 404)
    await expectFailure(translations(eve).get(docs.id), 404)
    await expectFailure(translations(ada).get("unknownTranslation0"), 404)
  })

  it("listTranslations pages: limit=1 walks each once, count the total, no next on the last page", async () => {
    const whole = await translations(rita).list({ limit: 1000 })
    expect(whole.next).toBeUndefined()
    const seen: Array<string> = []
    let page: string | undefined
    do {
      const slice = await translations(rita).list({ page, limit: 1 })
      expect(slice.count).toBe(whole.count)
      seen.push(...slice.items.map((t) => t.id))
      page = slice.next?.page
    } while (page !== undefined && seen.length <= whole.count)
    expect(seen).toEqual(whole.items.map((t) => t.id))
    await expectFailure(translations(rita).list({ limit: 0 }), 400, /limit/)
    await expectFailure(translations(rita).list({ page: "garbage" }), 400, /page/)
  })
})

describe("updating and deleting translation settings", () => {
  it("updateTranslation replaces title and languages (none when absent)", async () => {
    const updated = await translations(ada).update(docs.id, { title: "Guides", languages: ["de", "JA"] })
    expect(updated.status).toBe(200)
    expect(updated.data).toMatchObject({ id: docs.id, title: "Guides", languages: ["de", "ja"], createdAt: docs.createdAt })
    expect(await dataOf(translations(rita).get(docs.id))).toMatchObject({ title: "Guides", languages: ["de", "ja"] })
    expect(await dataOf(translations(ada).update(docs.id, { title: "Guides" }))).toMatchObject({ languages: [] })
  })

  it("updateTranslation: bad input 400, other roles 403, outsiders and unknown ids 404; nothing written", async () => {
    const before = await dataOf(translations(ada).get(docs.id))
    await expectFailure(translations(ada).update(docs.id, { title: "x".repeat(101) }), 400, /title/)
    await expectFailure(translations(ada).update(docs.id, { title: "T", languages: ["not a tag"] }), 400, /languages\[0\]/)
    await expectFailure(translations(ada).update(docs.id, { instructions: {} }), 400, /title/)
    for (const who of writers()) await expectFailure(translations(who).update(docs.id, { title: "Mine" }), 403, /change this translation/)
    await expectFailure(translations(eve).update(docs.id, { title: "Eve's" }), 404)
    await expectFailure(translations(ada).update("unknownTranslation0", { title: "X" }), 404)
    expect(await dataOf(translations(ada).get(docs.id))).toEqual(before)
  })

  it("deleteTranslation answers 205, then 204 (it did not exist); other roles 403, outsiders 404", async () => {
    for (const who of writers()) await expectFailure(translations(who).remove(docs.id), 403, /delete translations/)
    await expectFailure(translations(eve).remove(docs.id), 404)
    expect((await translations(ada).remove(docs.id)).status).toBe(205)
    await expectFailure(translations(ada).get(docs.id), 404)
    expect((await translations(ada).remove(docs.id)).status).toBe(204)
    expect((await translations(ada).list()).items.map((t) => t.title)).toEqual(["Bare"])
  })

  it("the body is checked like every body: not JSON is 400, wrong type 415", async () => {
    const path = `/orgs/${acme.id}/translations`
    expect((await rawCall(server.url, ada.token, "POST", path, '{"title": ')).status).toBe(400)
    const response = await fetch(`${server.url}/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ada.token}`, "content-type": "text/plain" },
      body: "title"
    })
    expect(response.status).toBe(415)
  })
})

it("exercised every translations operation", () => {
  expect(notExercised(operationsByArea.translations)).toEqual([])
})
