import { describe, expect, it } from "@effect/vitest"
import {
  BlobStore,
  Events,
  IntegrationInstallations,
  IntegrationRepository,
  Integrations,
  MAX_INTEGRATION_DESCRIPTION_LENGTH,
  Organizations,
  MAX_INTEGRATION_SUMMARY_LENGTH,
  MAX_INTEGRATION_TITLE_LENGTH,
  MAX_PREVIEW_IMAGES,
  type OrganizationId,
  type PublishIntegrationInput,
  SecretSeal
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { as, failure, newOrganization, newWorld, peopleLayer } from "../support/people.js"

const layer = Layer.mergeAll(Integrations.Default, IntegrationInstallations.Default).pipe(Layer.provideMerge(peopleLayer))

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const SECRET = "never-in-an-answer-7f3a"
const image = Buffer.from("an image's bytes").toString("base64")

const publishBody = (organization: OrganizationId, over: Partial<PublishIntegrationInput> = {}): PublishIntegrationInput => ({
  title: "Widgets",
  description: "Widgets for docs",
  script: "export default { widgets: true }",
  organization,
  scopes: ["space:content:read"],
  visibility: "private",
  configurations: {
    account: {
      properties: { apiKey: { type: "string", title: "API key" }, level: { type: "number", title: "Level" } },
      required: ["apiKey"]
    }
  },
  ...over
})

/** What storage holds for an integration and how many events there are: to check nothing was written. */
const stored = (name: string) =>
  Effect.gen(function* () {
    const record = yield* (yield* IntegrationRepository).find(name)
    const events = yield* (yield* Events).readAfter(0, 100_000)
    return { record, events: events.length }
  })

describe("Integrations", () => {
  test("publishing creates version 1, then each publish increments it; script and images are blobs; an event each time", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      const first = yield* as(w.admin)(integrations.publish("widgets", publishBody(w.org, { icon: image, previewImages: [image, image] })))
      expect(first).toMatchObject({ object: "integration", name: "widgets", version: 1, visibility: "private", target: "all", verified: false })
      expect(first.owner.id).toBe(w.org)
      expect(first.previewImages).toHaveLength(2)
      const second = yield* as(w.admin)(integrations.publish("widgets", publishBody(w.org, { title: "Widgets II" })))
      expect(second).toMatchObject({ version: 2, title: "Widgets II", previewImages: [] })
      const third = yield* as(w.admin)(integrations.publish("widgets", publishBody(w.org)))
      expect(third.version).toBe(3)

      const record = Option.getOrThrow((yield* stored("widgets")).record)
      expect(record.createdAt <= record.updatedAt).toBe(true)
      const script = yield* (yield* BlobStore).get(record.scriptSha256)
      expect(Option.map(script, (bytes) => new TextDecoder().decode(bytes))).toStrictEqual(Option.some("export default { widgets: true }"))
      const events = yield* (yield* Events).readAfter(0, 100_000)
      expect(events.filter((e) => e.type === "integration.published").map((e) => e.payload)).toEqual([
        { integration: "widgets", version: 1 },
        { integration: "widgets", version: 2 },
        { integration: "widgets", version: 3 }
      ])
    }))

  test("secrets are sealed in storage, never in an answer, kept when a publish omits them and replaced when it gives them", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      const seal = yield* SecretSeal
      const answers: Array<unknown> = []
      answers.push(yield* as(w.admin)(integrations.publish("sealed", publishBody(w.org, { secrets: { token: SECRET } }))))
      const sealed = Option.getOrThrow((yield* stored("sealed")).record).sealedSecrets!
      expect(sealed).not.toContain(SECRET)
      expect(seal.open(sealed)).toStrictEqual(Option.some(JSON.stringify({ token: SECRET })))
      answers.push(yield* as(w.admin)(integrations.publish("sealed", publishBody(w.org))))
      expect(Option.getOrThrow((yield* stored("sealed")).record).sealedSecrets).toBe(sealed)
      answers.push(yield* as(w.admin)(integrations.publish("sealed", publishBody(w.org, { secrets: { other: "x" } }))))
      const replaced = Option.getOrThrow((yield* stored("sealed")).record).sealedSecrets!
      expect(seal.open(replaced)).toStrictEqual(Option.some(JSON.stringify({ other: "x" })))
      answers.push(yield* as(w.reader)(integrations.get("sealed")))
      answers.push(yield* as(w.admin)(integrations.list({})))
      for (const answer of answers) {
        expect(JSON.stringify(answer)).not.toContain(SECRET)
        expect(JSON.stringify(answer)).not.toContain("secrets")
      }
    }))

  test("the publishing organization is named by its ID or by its subdomain (hostname), in any case", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      yield* as(w.admin)((yield* Organizations).update(w.org, { hostname: "acme-docs" }))
      const bySubdomain = yield* as(w.admin)(integrations.publish("by-subdomain", publishBody("ACME-docs" as OrganizationId)))
      expect(bySubdomain.owner.id).toBe(w.org)
      const unknown = yield* failure(as(w.admin)(integrations.publish("by-subdomain", publishBody("nowhere" as OrganizationId))))
      expect(unknown).toMatchObject({ _tag: "NotFound", message: expect.stringContaining("nowhere") })
      expect((yield* as(w.admin)(integrations.get("by-subdomain"))).version).toBe(1)
    }))

  test("bad input is InvalidInput naming the field, and writes nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      yield* as(w.admin)(integrations.publish("kept", publishBody(w.org)))
      const before = yield* stored("kept")
      const cases: ReadonlyArray<[Partial<PublishIntegrationInput>, string]> = [
        [{ title: "x".repeat(MAX_INTEGRATION_TITLE_LENGTH + 1) }, "title"],
        [{ title: "x" }, "title"],
        [{ description: "x".repeat(MAX_INTEGRATION_DESCRIPTION_LENGTH + 1) }, "description"],
        [{ summary: "x".repeat(MAX_INTEGRATION_SUMMARY_LENGTH + 1) }, "summary"],
        [{ previewImages: Array(MAX_PREVIEW_IMAGES + 1).fill(image) }, "previewImages"],
        [{ icon: "%%%" }, "icon"],
        [{ secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`s${i}`, "v"])) }, "secrets"],
        [{ scopes: ["everything"] as never }, "scopes[0]"]
      ]
      for (const [over, field] of cases) {
        const error = yield* failure(as(w.admin)(integrations.publish("kept", publishBody(w.org, over))))
        expect(error, field).toMatchObject({ _tag: "InvalidInput", field })
      }
      const badName = yield* failure(as(w.admin)(integrations.publish("no spaces allowed", publishBody(w.org))))
      expect(badName).toMatchObject({ _tag: "InvalidInput", field: "integrationName" })
      const tooLong = yield* failure(as(w.admin)(integrations.publish("x".repeat(101), publishBody(w.org))))
      expect(tooLong).toMatchObject({ _tag: "InvalidInput", field: "integrationName" })
      expect(yield* stored("kept")).toStrictEqual(before)
    }))

  test("only the owner's admins publish and unpublish; outsiders see NotFound; another organization's name is a Conflict", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      yield* as(w.admin)(integrations.publish("owned", publishBody(w.org)))
      for (const user of [w.creator, w.editor, w.reader, w.guest]) {
        expect(yield* failure(as(user)(integrations.publish("owned", publishBody(w.org))))).toMatchObject({ _tag: "Forbidden" })
        expect(yield* failure(as(user)(integrations.unpublish("owned")))).toMatchObject({ _tag: "Forbidden" })
        expect((yield* as(user)(integrations.get("owned"))).permissions).toEqual({ admin: false })
      }
      expect(yield* failure(as(w.outsider)(integrations.publish("owned", publishBody(w.org))))).toMatchObject({ _tag: "NotFound" })
      expect(yield* failure(as(w.outsider)(integrations.get("owned")))).toMatchObject({ _tag: "NotFound" })
      expect(yield* failure(as(w.outsider)(integrations.unpublish("owned")))).toMatchObject({ _tag: "NotFound" })
      const elsewhere = yield* newOrganization(w.outsider, "Elsewhere")
      expect(yield* failure(as(w.outsider)(integrations.publish("owned", publishBody(elsewhere))))).toMatchObject({ _tag: "Conflict" })
      expect((yield* as(w.admin)(integrations.get("owned"))).version).toBe(1)
    }))
})

describe("IntegrationInstallations", () => {
  test("an installation's configuration is checked against the integration's schema; pending until it conforms", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      const installations = yield* IntegrationInstallations
      yield* as(w.admin)(integrations.publish("configured", publishBody(w.org)))
      const installed = yield* as(w.admin)(installations.install("configured", { organization: w.org }))
      expect(installed).toMatchObject({ status: "pending", configuration: {}, spaces: 0 })
      const id = installed.id
      const bad: ReadonlyArray<[unknown, string]> = [
        [{ level: 1 }, "configuration.apiKey"],
        [{ apiKey: 42 }, "configuration.apiKey"],
        [{ apiKey: "k", level: "high" }, "configuration.level"]
      ]
      for (const [configuration, field] of bad) {
        const error = yield* failure(as(w.admin)(installations.update("configured", id, { configuration: configuration as never })))
        expect(error, field).toMatchObject({ _tag: "InvalidInput", field })
      }
      expect((yield* as(w.reader)(installations.get("configured", id))).status).toBe("pending")
      for (const user of [w.creator, w.editor, w.reader, w.guest]) {
        expect(yield* failure(as(user)(installations.update("configured", id, { configuration: { apiKey: "k" } })))).toMatchObject({
          _tag: "Forbidden"
        })
      }
      expect(yield* failure(as(w.outsider)(installations.get("configured", id)))).toMatchObject({ _tag: "NotFound" })
      const updated = yield* as(w.admin)(installations.update("configured", id, { configuration: { apiKey: "k", level: 2 } }))
      expect(updated).toMatchObject({ status: "active", configuration: { apiKey: "k", level: 2 } })
    }))

  test("unpublishing a private integration removes its installations; a public one with installations is a Conflict", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      const installations = yield* IntegrationInstallations
      const repository = yield* IntegrationRepository
      yield* as(w.admin)(integrations.publish("private-one", publishBody(w.org)))
      const privateInstallation = yield* as(w.admin)(installations.install("private-one", { organization: w.org }))
      yield* as(w.admin)(integrations.unpublish("private-one"))
      expect(yield* failure(as(w.admin)(installations.get("private-one", privateInstallation.id)))).toMatchObject({ _tag: "NotFound" })
      expect(yield* repository.countInstallations("private-one")).toBe(0)

      yield* as(w.admin)(integrations.publish("public-one", publishBody(w.org, { visibility: "public" })))
      const elsewhere = yield* newOrganization(w.outsider, "Elsewhere")
      const theirs = yield* as(w.outsider)(installations.install("public-one", { organization: elsewhere }))
      const before = yield* stored("public-one")
      expect(yield* failure(as(w.admin)(integrations.unpublish("public-one")))).toMatchObject({ _tag: "Conflict" })
      expect(yield* stored("public-one")).toStrictEqual(before)
      expect(yield* as(w.outsider)(installations.uninstall("public-one", theirs.id))).toBe(true)
      yield* as(w.admin)(integrations.unpublish("public-one"))
      expect(Option.isNone((yield* stored("public-one")).record)).toBe(true)
    }))

  test("a private integration installs only on its owner; installing is for admins and once per organization", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const integrations = yield* Integrations
      const installations = yield* IntegrationInstallations
      yield* as(w.admin)(integrations.publish("mine", publishBody(w.org)))
      const elsewhere = yield* newOrganization(w.admin, "Elsewhere")
      expect(yield* failure(as(w.admin)(installations.install("mine", { organization: elsewhere })))).toMatchObject({
        _tag: "InvalidInput",
        field: "organization"
      })
      expect(yield* failure(as(w.creator)(installations.install("mine", { organization: w.org })))).toMatchObject({ _tag: "Forbidden" })
      expect(yield* failure(as(w.outsider)(installations.install("mine", { organization: w.org })))).toMatchObject({ _tag: "NotFound" })
      yield* as(w.admin)(installations.install("mine", { organization: w.org }))
      expect(yield* failure(as(w.admin)(installations.install("mine", { organization: w.org })))).toMatchObject({ _tag: "Conflict" })
      const listed = yield* as(w.reader)(installations.listForOrganization(w.org, {}))
      expect(listed.items.map((i) => i.integration.name)).toEqual(["mine"])
    }))
})
