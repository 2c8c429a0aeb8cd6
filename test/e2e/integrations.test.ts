import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, joinWithRole, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { solidPng } from "./support/png.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Integrations and installations through the official client, every answer validated against
 * the official spec. ada administers Acme, cy creates, ed edits, rey reviews and rita reads in it;
 * eve administers Evil and is outside Acme.
 */
let server: RunningServer
let ada: Principal
let cy: Principal
let rita: Principal
let ed: Principal
let rey: Principal
let eve: Principal
let acme: string
let evil: string
let guides: string
let foreignSpace: string

const png = solidPng(2, 2, [10, 20, 30]).toString("base64")
const SECRET = "s3cret-never-returned"

/** A publish body; `overrides` replace its fields. */
const body = (organization: string, overrides: Record<string, unknown> = {}) =>
  ({
    title: "Widgets",
    description: "Widgets for docs",
    script: "export default {}",
    organization,
    scopes: ["space:content:read"],
    ...overrides
  }) as any

const accountSchema = {
  properties: {
    apiKey: { type: "string", title: "API key" },
    mode: { type: "string", title: "Mode", enum: ["fast", "safe"] },
    retries: { type: "number", title: "Retries" }
  },
  required: ["apiKey"]
}

/** Every member of Acme who is not an admin. */
const nonAdmins = () => [cy, ed, rey, rita]

const namesOf = (listed: { data: { items: ReadonlyArray<{ name: string }> } }) => listed.data.items.map((i) => i.name)

beforeAll(async () => {
  server = await startServer()
  ;[ada, cy, rita, ed, rey] = await makeUsers(server, "acme.test", ["Ada", "Cy", "Rita", "Ed", "Rey"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  evil = (await eve.api.orgs.createOrganization({ title: "Evil" })).data.id
  await joinWithRole(ada, acme, cy, MemberRole.Create)
  await joinWithRole(ada, acme, rita, MemberRole.Read)
  await joinWithRole(ada, acme, ed, MemberRole.Edit)
  await joinWithRole(ada, acme, rey, MemberRole.Review)
  guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
  foreignSpace = (await eve.api.orgs.createSpace(evil, { title: "Foreign" })).data.id
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("publishing", () => {
  it("publishIntegration creates the integration at version 1; publishing again makes version 2; secrets never answer", async () => {
    const first = await ada.api.integrations.publishIntegration(
      "acme-widgets",
      body(acme, {
        visibility: "private",
        icon: png,
        previewImages: [png],
        summary: "# Widgets",
        categories: ["content"],
        blocks: [{ id: "widget", title: "Widget", urlUnfurl: ["https://widgets.example.com/**"] }],
        configurations: { account: accountSchema },
        secrets: { token: SECRET },
        contentSecurityPolicy: { "script-src": "'self'" }
      })
    )
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({
      object: "integration",
      name: "acme-widgets",
      version: 1,
      title: "Widgets",
      visibility: "private",
      target: "all",
      verified: false,
      categories: ["content"],
      owner: { id: acme, title: "Acme" },
      permissions: { admin: true },
      urls: { location: `${server.url}/v1/integrations/acme-widgets` }
    })
    expect(first.data.previewImages).toHaveLength(1)
    expect(first.data.urls.icon).toEqual(expect.any(String))
    expect(JSON.stringify(first.data)).not.toContain(SECRET)
    expect(JSON.stringify(first.data)).not.toContain("secrets")

    const second = await ada.api.integrations.publishIntegration(
      "acme-widgets",
      body(acme, {
        visibility: "private",
        title: "Widgets 2",
        categories: ["content"],
        blocks: [{ id: "widget", title: "Widget", urlUnfurl: ["https://Widgets.example.com/**"] }],
        configurations: { account: accountSchema }
      })
    )
    // A publish replaces the definition; absent images are none, absent secrets keep the sealed ones.
    expect(second.data).toMatchObject({ version: 2, title: "Widgets 2", previewImages: [], categories: ["content"] })
    expect(second.data.urls.icon).toBeUndefined()
    const read = await rita.api.integrations.getIntegrationByName("acme-widgets")
    expect(read.data).toMatchObject({ version: 2, permissions: { admin: false } })
    expect(JSON.stringify(read.data)).not.toContain(SECRET)
    // Nor does the server's log hold it.
    expect(server.output()).not.toContain(SECRET)

    await ada.api.integrations.publishIntegration("acme-public", body(acme, { visibility: "public", title: "Public" }))
    await ada.api.integrations.publishIntegration("acme-unlisted", body(acme, { visibility: "unlisted", title: "Unlisted", contentSources: [{ id: "src", title: "Source", configuration: { componentId: "c" } }] }))
  })

  it("bad input answers 400 naming the field, and nothing is written", async () => {
    const publish = (overrides: Record<string, unknown>) =>
      ada.api.integrations.publishIntegration("acme-widgets", body(acme, { visibility: "private", ...overrides }))
    await expectFailure(publish({ title: "x".repeat(31) }), 400, /title/)
    await expectFailure(publish({ title: "x" }), 400, /title/)
    await expectFailure(publish({ description: "x".repeat(101) }), 400, /description/)
    await expectFailure(publish({ summary: "x".repeat(2049) }), 400, /summary/)
    await expectFailure(publish({ previewImages: [png, png, png, png] }), 400, /previewImages/)
    await expectFailure(publish({ icon: "not base64!" }), 400, /icon/)
    await expectFailure(publish({ visibility: "secret" }), 400, /visibility/)
    await expectFailure(publish({ script: undefined }), 400, /script/)
    await expectFailure(ada.api.integrations.publishIntegration("bad name!", body(acme)), 400, /integrationName/)
    // The router matches a path parameter of at most 100 characters: a longer name is no route (docs/api-notes/integrations.md).
    await expectFailure(ada.api.integrations.publishIntegration("x".repeat(101), body(acme)), 404)
    expect((await ada.api.integrations.getIntegrationByName("acme-widgets")).data).toMatchObject({ version: 2, title: "Widgets 2" })
    await expectFailure(ada.api.integrations.getIntegrationByName("bad name!"), 400, /integrationName/)
  })

  it("only the owner's admins publish: other roles 403, outsiders 404, another organization's name 409", async () => {
    for (const who of nonAdmins()) {
      await expectFailure(who.api.integrations.publishIntegration("acme-widgets", body(acme)), 403, /publish integrations/)
      await expectFailure(who.api.integrations.publishIntegration("cy-new", body(acme)), 403, /publish integrations/)
      expect((await who.api.integrations.getIntegrationByName("acme-widgets")).data.permissions).toEqual({ admin: false })
    }
    await expectFailure(eve.api.integrations.publishIntegration("eve-new", body(acme)), 404, /Organization/)
    await expectFailure(eve.api.integrations.publishIntegration("acme-public", body(evil)), 409, /another organization/)
    await expectFailure(ada.api.integrations.getIntegrationByName("cy-new"), 404)
    expect((await ada.api.integrations.getIntegrationByName("acme-public")).data).toMatchObject({ version: 1, owner: { id: acme } })
  })
})

describe("who sees what", () => {
  it("a private integration is the owner's members' only; an unlisted one is read by name, not listed", async () => {
    await expectFailure(eve.api.integrations.getIntegrationByName("acme-widgets"), 404)
    expect((await eve.api.integrations.getIntegrationByName("acme-unlisted")).data.permissions).toEqual({ admin: false })
    expect((await eve.api.integrations.getIntegrationByName("acme-public")).data.owner.permissions.view).toBe(false)
    expect(namesOf(await eve.api.integrations.listIntegrations())).toEqual(["acme-public"])
    expect(namesOf(await rita.api.integrations.listIntegrations())).toEqual(["acme-public", "acme-unlisted", "acme-widgets"])
  })

  it("listIntegrations filters by search, category, blocks, contentSources, blockDomain, owner and pages", async () => {
    const names = async (query: Record<string, unknown>) => namesOf(await ada.api.integrations.listIntegrations(query as any))
    expect(await names({ search: "WIDG" })).toEqual(["acme-widgets"])
    expect(await names({ category: "content" })).toEqual(["acme-widgets"])
    expect(await names({ blocks: true })).toEqual(["acme-widgets"])
    expect(await names({ blocks: false })).toEqual(["acme-public", "acme-unlisted"])
    expect(await names({ contentSources: true })).toEqual(["acme-unlisted"])
    expect(await names({ blockDomain: "widgets.example.com" })).toEqual(["acme-widgets"])
    expect(await names({ owner: evil })).toEqual([])
    expect(await names({ owner: acme, target: "all" })).toHaveLength(3)
    const first = (await ada.api.integrations.listIntegrations({ limit: 2 })).data
    expect(first).toMatchObject({ count: 3, next: { page: expect.any(String) } })
    const second = (await ada.api.integrations.listIntegrations({ limit: 2, page: first.next!.page })).data
    expect([...first.items, ...second.items].map((i) => i.name)).toEqual(["acme-public", "acme-unlisted", "acme-widgets"])
    expect(second.next).toBeUndefined()
    await expectFailure(ada.api.integrations.listIntegrations({ category: "nope" } as any), 400, /category/)
    await expectFailure(ada.api.integrations.listIntegrations({ blockDomain: "a b" } as any), 400, /blockDomain/)
  })
})

describe("installations", () => {
  let acmeInstallation: string
  let publicInstallation: string
  let eveInstallation: string

  it("installIntegration: 201 with Location; pending until configured; once per organization", async () => {
    const installed = await ada.api.integrations.installIntegration("acme-widgets", { organization: acme })
    expect(installed.status).toBe(201)
    acmeInstallation = installed.data.id
    expect(installed.data).toMatchObject({ status: "pending", spaces: 0, configuration: {}, target: { organization: acme }, externalIds: [] })
    expect(installed.headers.get("location")).toBe(installed.data.urls.location)
    await expectFailure(ada.api.integrations.installIntegration("acme-widgets", { organization: acme }), 409, /already installed/)
    publicInstallation = (await ada.api.integrations.installIntegration("acme-public", { organization: acme })).data.id
    const eves = await eve.api.integrations.installIntegration("acme-public", { organization: evil })
    expect(eves.data.status).toBe("active")
    eveInstallation = eves.data.id
  })

  it("installIntegration: other roles 403; a private integration elsewhere or an unknown organization 400; unseen 404", async () => {
    for (const who of nonAdmins()) {
      await expectFailure(who.api.integrations.installIntegration("acme-unlisted", { organization: acme }), 403, /install integrations/)
    }
    await expectFailure(eve.api.integrations.installIntegration("acme-widgets", { organization: evil }), 404)
    await expectFailure(eve.api.integrations.installIntegration("acme-public", { organization: acme }), 400, /organization/)
    await expectFailure(ada.api.integrations.installIntegration("acme-widgets", { organization: evil }), 400, /organization/)
    await expectFailure(ada.api.integrations.installIntegration("acme-widgets", {} as any), 400, /organization/)
  })

  it("updateIntegrationInstallation checks the configuration against the integration's schema (ajv)", async () => {
    const update = (who: Principal, patch: Record<string, unknown>) =>
      who.api.integrations.updateIntegrationInstallation("acme-widgets", acmeInstallation, patch as any)
    await expectFailure(update(ada, { configuration: { mode: "fast" } }), 400, /configuration\.apiKey/)
    await expectFailure(update(ada, { configuration: { apiKey: "k", mode: "turbo" } }), 400, /configuration\.mode/)
    await expectFailure(update(ada, { configuration: { apiKey: 1 } }), 400, /configuration\.apiKey/)
    await expectFailure(update(ada, { externalIds: ["1", "2", "3", "4", "5", "6"] }), 400, /externalIds/)
    for (const who of nonAdmins()) await expectFailure(update(who, { configuration: { apiKey: "k" } }), 403, /configure this installation/)
    await expectFailure(update(eve, { configuration: { apiKey: "k" } }), 404)
    expect((await ada.api.integrations.getIntegrationInstallationById("acme-widgets", acmeInstallation)).data).toMatchObject({
      status: "pending",
      configuration: {}
    })
    const updated = await update(ada, { configuration: { apiKey: "k", mode: "safe", retries: 3, extra: true }, externalIds: ["ext-1"] })
    expect(updated.data).toMatchObject({ status: "active", configuration: { apiKey: "k", mode: "safe", retries: 3, extra: true }, externalIds: ["ext-1"] })
  })

  it("installation reads are for the installing organization's members", async () => {
    expect((await rita.api.integrations.getIntegrationInstallationById("acme-widgets", acmeInstallation)).data.id).toBe(acmeInstallation)
    await expectFailure(eve.api.integrations.getIntegrationInstallationById("acme-public", publicInstallation), 404)
    await expectFailure(ada.api.integrations.getIntegrationInstallationById("acme-public", eveInstallation), 404)
    await expectFailure(ada.api.integrations.getIntegrationInstallationById("acme-public", acmeInstallation), 404)
    const ids = async (who: Principal, name: string, query?: Record<string, unknown>) =>
      (await who.api.integrations.listIntegrationInstallations(name, query as any)).data.items.map((i) => i.id)
    expect(await ids(ada, "acme-public")).toEqual([publicInstallation])
    expect(await ids(eve, "acme-public")).toEqual([eveInstallation])
    expect(await ids(rita, "acme-widgets", { externalId: "ext-1" })).toEqual([acmeInstallation])
    expect(await ids(rita, "acme-widgets", { externalId: "ext-2" })).toEqual([])
    await expectFailure(eve.api.integrations.listIntegrationInstallations("acme-widgets"), 404)
  })

  it("installIntegrationOnSpace, listIntegrationInstallationSpaces, uninstallIntegrationFromSpace", async () => {
    const onSpace = await ada.api.integrations.installIntegrationOnSpace("acme-widgets", acmeInstallation, { space: guides })
    expect(onSpace.status).toBe(201)
    expect(onSpace.data).toMatchObject({ integration: "acme-widgets", installation: acmeInstallation, space: guides, status: "active" })
    expect(onSpace.headers.get("location")).toBe(onSpace.data.urls.location)
    await expectFailure(ada.api.integrations.installIntegrationOnSpace("acme-widgets", acmeInstallation, { space: guides }), 409)
    await expectFailure(ada.api.integrations.installIntegrationOnSpace("acme-widgets", acmeInstallation, { space: foreignSpace }), 400, /space/)
    for (const who of nonAdmins()) {
      await expectFailure(who.api.integrations.installIntegrationOnSpace("acme-widgets", acmeInstallation, { space: guides }), 403, /install this integration on spaces/)
      expect((await who.api.integrations.listIntegrationInstallationSpaces("acme-widgets", acmeInstallation)).data.count).toBe(1)
    }
    expect((await ada.api.integrations.getIntegrationInstallationById("acme-widgets", acmeInstallation)).data.spaces).toBe(1)
    const listed = (await rita.api.integrations.listIntegrationInstallationSpaces("acme-widgets", acmeInstallation)).data
    expect(listed).toMatchObject({ count: 1, items: [{ space: guides }] })
    await expectFailure(rita.api.integrations.uninstallIntegrationFromSpace("acme-widgets", acmeInstallation, guides), 403)
    expect((await ada.api.integrations.uninstallIntegrationFromSpace("acme-widgets", acmeInstallation, guides)).status).toBe(205)
    expect((await ada.api.integrations.uninstallIntegrationFromSpace("acme-widgets", acmeInstallation, guides)).status).toBe(204)
    expect((await ada.api.integrations.listIntegrationInstallationSpaces("acme-widgets", acmeInstallation)).data.count).toBe(0)
    await ada.api.integrations.installIntegrationOnSpace("acme-widgets", acmeInstallation, { space: guides })
  })

  it("listOrganizationInstallations: each installation with its integration; search; members only", async () => {
    const listed = (await rita.api.orgs.listOrganizationInstallations(acme)).data
    expect(listed.items.map((i) => [i.integration.name, i.installation.id])).toEqual([
      ["acme-widgets", acmeInstallation],
      ["acme-public", publicInstallation]
    ])
    const searched = (await ada.api.orgs.listOrganizationInstallations(acme, { search: "PUBLIC" })).data
    expect(searched.items.map((i) => i.installation.id)).toEqual([publicInstallation])
    await expectFailure(eve.api.orgs.listOrganizationInstallations(acme), 404)
  })

  it("unpublishing: a public integration with installations is 409; a private one goes with its installations", async () => {
    for (const who of nonAdmins()) await expectFailure(who.api.integrations.unpublishIntegration("acme-widgets"), 403, /unpublish/)
    await expectFailure(eve.api.integrations.unpublishIntegration("acme-widgets"), 404)
    await expectFailure(ada.api.integrations.unpublishIntegration("acme-public"), 409, /installation/)
    // Nor may it become private while another organization has it installed.
    await expectFailure(ada.api.integrations.publishIntegration("acme-public", body(acme, { visibility: "private" })), 409, /private/)
    expect((await eve.api.integrations.getIntegrationByName("acme-public")).data).toMatchObject({ version: 1, visibility: "public" })
    // Another organization's installation is, to ada, one that does not exist.
    expect((await ada.api.integrations.uninstallIntegration("acme-public", eveInstallation)).status).toBe(204)
    expect((await eve.api.integrations.uninstallIntegration("acme-public", eveInstallation)).status).toBe(205)
    expect((await eve.api.integrations.uninstallIntegration("acme-public", eveInstallation)).status).toBe(204)
    await expectFailure(rita.api.integrations.uninstallIntegration("acme-public", publicInstallation), 403, /uninstall/)
    expect((await ada.api.integrations.uninstallIntegration("acme-public", publicInstallation)).status).toBe(205)
    expect((await ada.api.integrations.unpublishIntegration("acme-public")).status).toBe(205)
    expect((await ada.api.integrations.unpublishIntegration("acme-widgets")).status).toBe(205)
    await expectFailure(ada.api.integrations.getIntegrationByName("acme-widgets"), 404)
    await expectFailure(ada.api.integrations.unpublishIntegration("acme-widgets"), 404)
    expect((await ada.api.orgs.listOrganizationInstallations(acme)).data.items).toEqual([])
    // Publishing the name again starts over at version 1.
    expect((await ada.api.integrations.publishIntegration("acme-widgets", body(acme))).data.version).toBe(1)
  })

  it("the body is checked like every body: not JSON is 400", async () => {
    expect((await rawCall(server.url, ada.token, "POST", "/integrations/acme-widgets", '{"title": ')).status).toBe(400)
  })
})

it("exercised every integrations operation", () => {
  expect(notExercised(operationsByArea.integrations)).toEqual([])
})
