/**
 * `@quire/embed` from the packed packages, outside the workspace: this file is type-checked
 * as TypeScript (strict, no `skipLibCheck`) and, copied to `facade.mjs`, run as is with plain
 * `node`. Between the markers: docs/embedding.md's Promise example. The lines the issue marks as
 * failing are awaited for their rejection, whose class and status are asserted.
 */
import assert from "node:assert/strict"
// README:begin
import { openQuire, InvalidInputError, NotFoundError } from "@quire/embed"
const quire = await openQuire({ database: "sqlite:./q.db", publicUrl: "https://docs.example.com" })
const ada = await quire.users.create({ email: "ada@example.com", displayName: "Ada" })
const bob = await quire.users.create({ email: "bob@example.com", displayName: "Bob" })
const org = await quire.as(ada).organizations.create({ title: "Acme" })
const space = await quire.as(ada).spaces.create(org.id, { title: "Handbook" })
// README:end
const read = await quire.as(ada.id).spaces.get(space.id) // the space
assert.equal(read.id, space.id)
assert.equal(read.title, "Handbook")

const invalid = await quire.as(ada).spaces.create(org.id, { title: "x".repeat(60) }).then(
  () => assert.fail("a 60-character title was accepted"),
  (error) => error
)
assert.ok(invalid instanceof InvalidInputError)
assert.equal(invalid.field, "title")
assert.equal(invalid.status, 400)

const hidden = await quire.as(bob).spaces.get(space.id).then(
  () => assert.fail("Bob read Ada's space"),
  (error) => error
)
assert.ok(hidden instanceof NotFoundError)
assert.equal(hidden.status, 404)

// docs/embedding.md: content is read by scope; `ContentScope` is a value of `@quire/embed`.
const { ContentScope } = await import("@quire/embed")
const revision = await quire.as(ada).content.revision(ContentScope.Space({ spaceId: space.id }))
assert.equal(revision.id, space.revision)
assert.deepEqual(await quire.as(ada).content.pages(ContentScope.Revision({ spaceId: space.id, revisionId: space.revision })), [])
await quire.close()
console.log(JSON.stringify({ space: read.title, invalid: [invalid.name, invalid.field, invalid.status], hidden: [hidden.name, hidden.status] }))
