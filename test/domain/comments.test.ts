/**
 * The comments service on memory storage: targets (a page, a block by its heading anchor, the
 * whole content), `outdated` from the content engine, mentions, input rules, roles, a deleted
 * space, change request scopes and their counts.
 */
import { describe, expect, it } from "@effect/vitest"
import { ChangeRequests, CommentRepository, Comments, ContentScope, Spaces, type UserId } from "@quire/core"
import { Effect, Layer, TestClock } from "effect"
import { changeRequestServices, changeRequestsLayer } from "../support/changeRequests.js"
import { as, expectInvalid, expectTag, newWorld } from "../support/content.js"

const layer = Comments.Default.pipe(Layer.provideMerge(changeRequestsLayer))
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

/** A space with a page "guide" whose body has two headings, and the world around it. */
const withGuide = Effect.gen(function* () {
  const { spaces, content, engine } = yield* changeRequestServices
  const w = yield* newWorld
  const space = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))
  const pages = [{ id: "guide", title: "Guide", markdown: "Intro.\n\n## Install it\n\nRun it.\n\n## Use\n\nUse it." }]
  const first = yield* engine.importPages(pages, { spaceId: space.id, parents: [space.revision] })
  yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))
  return { w, spaceId: space.id, scope: ContentScope.Space({ spaceId: space.id }) }
})

describe("Comments", () => {
  test("a comment on a block names the page and the heading, with the heading's text as preview", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown: "Which version?" }, page: "guide", node: "install-it" }))
      expect(posted.target.page).toEqual({ id: "guide", title: "Guide", path: "guide", emoji: undefined, icon: undefined, outdated: false })
      expect(posted.target.node).toEqual({ id: "install-it", preview: "Install it" })
      expect(posted.status).toBe("open")
      expect(posted.permissions).toEqual({ view: true, edit: true, reply: true, delete: true })
      expect(yield* as(w.reader)(comments.get(scope, posted.id))).toMatchObject({
        id: posted.id,
        permissions: { view: true, edit: false, reply: false, delete: false }
      })
    }))

  test("targets must exist in the content: page, then node (which needs page)", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const post = (input: Parameters<Comments["post"]>[1]) => as(w.commenter)(comments.post(scope, input))
      yield* expectInvalid(post({ body: { markdown: "x" }, page: "nope" }), "page")
      yield* expectInvalid(post({ body: { markdown: "x" }, node: "install-it" }), "node")
      yield* expectInvalid(post({ body: { markdown: "x" }, page: "guide", node: "nope" }), "node")
      yield* expectInvalid(post({ body: { markdown: "" } }), "body.markdown")
      yield* expectInvalid(post({ body: { markdown: "x".repeat(10_001) } }), "body.markdown")
      yield* expectInvalid(post({ body: { markdown: ">".repeat(100) } }), "body.markdown")
      yield* expectInvalid(post({ body: { markdown: "x" }, page: "p".repeat(101) }), "page")
      yield* expectInvalid(post({ body: { markdown: "x" }, page: "guide", node: "n".repeat(257) }), "node")
      yield* expectInvalid(as(w.commenter)(comments.list(scope, { targetPage: "p".repeat(101) })), "targetPage")
      yield* expectInvalid(as(w.commenter)(comments.list(scope, { authors: ["u".repeat(101)] })), "authors[0]")
      expect((yield* as(w.commenter)(comments.list(scope))).count).toBe(0)
    }))

  test("a page comment is outdated once the page's content changes in its scope, not before", () =>
    Effect.gen(function* () {
      const { w, spaceId } = yield* withGuide
      const comments = yield* Comments
      const crs = yield* ChangeRequests
      const cr = yield* as(w.editor)(crs.create(spaceId, {}))
      const inCr = ContentScope.ChangeRequest({ spaceId, changeRequest: cr.id })
      const posted = yield* as(w.commenter)(comments.post(inCr, { body: { markdown: "typo" }, page: "guide" }))
      expect(posted.target.changeRequest).toBe(cr.id)
      yield* as(w.editor)(crs.updateContent(spaceId, cr.id, [{ operation: "update_page", page: "guide", title: "Guide 2" }]))
      expect((yield* as(w.commenter)(comments.get(inCr, posted.id))).target.page).toMatchObject({ title: "Guide 2", outdated: false })
      yield* as(w.editor)(crs.updateContent(spaceId, cr.id, [{ operation: "update_page", page: "guide", document: { markdown: "New." } }]))
      expect((yield* as(w.commenter)(comments.get(inCr, posted.id))).target.page).toMatchObject({ outdated: true })
      yield* as(w.editor)(crs.updateContent(spaceId, cr.id, [{ operation: "delete_page", page: "guide" }]))
      expect((yield* as(w.commenter)(comments.get(inCr, posted.id))).target.page).toEqual({ id: "guide", outdated: true })
    }))

  test("a change request's comments stay in it, and each side counts its own open ones", () =>
    Effect.gen(function* () {
      const { w, spaceId, scope } = yield* withGuide
      const comments = yield* Comments
      const crs = yield* ChangeRequests
      const cr = yield* as(w.editor)(crs.create(spaceId, {}))
      const inCr = ContentScope.ChangeRequest({ spaceId, changeRequest: cr.id })
      const inCrComment = yield* as(w.commenter)(comments.post(inCr, { body: { markdown: "a" } }))
      yield* as(w.commenter)(comments.post(inCr, { body: { markdown: "b" } }))
      yield* as(w.commenter)(comments.post(scope, { body: { markdown: "c" } }))
      yield* as(w.commenter)(comments.update(inCr, inCrComment.id, { resolved: true }))
      expect((yield* as(w.reader)(crs.get(spaceId, cr.id))).comments).toBe(1)
      expect((yield* as(w.reader)((yield* Spaces).get(spaceId))).comments).toBe(1)
      yield* expectTag(as(w.reader)(comments.get(scope, inCrComment.id)), "NotFound")
      expect((yield* as(w.reader)(comments.list(inCr, { status: "resolved" }))).items.map((c) => c.id)).toEqual([inCrComment.id])
    }))

  test("mentions of members are kept; others, code and e-mail addresses are not", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const markdown = `Ask @${w.editor.id} and @${w.outsider.id}, not \`@${w.reader.id}\` nor a@${w.admin.id}`
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown } }))
      expect(posted.body.markdown).toBe(markdown)
      const stored = yield* (yield* CommentRepository).findById({ spaceId: posted.target.space, changeRequestId: null }, posted.id)
      expect(stored._tag === "Some" && stored.value.mentions).toEqual([w.editor.id as UserId])
    }))

  test("roles: a reader reads but cannot write; an outsider sees nothing; only the author edits, an admin deletes", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown: "mine" } }))
      yield* expectTag(as(w.reader)(comments.post(scope, { body: { markdown: "x" } })), "Forbidden")
      yield* expectTag(as(w.reader)(comments.update(scope, posted.id, { resolved: true })), "Forbidden")
      yield* expectTag(as(w.outsider)(comments.list(scope)), "NotFound")
      yield* expectTag(as(w.outsider)(comments.get(scope, posted.id)), "NotFound")
      yield* expectTag(as(w.editor)(comments.update(scope, posted.id, { body: { markdown: "theirs" } })), "Forbidden")
      const resolved = yield* as(w.editor)(comments.update(scope, posted.id, { resolved: true }))
      expect(resolved).toMatchObject({ status: "resolved", resolvedBy: { id: w.editor.id } })
      yield* expectTag(as(w.editor)(comments.remove(scope, posted.id)), "Forbidden")
      expect(yield* as(w.admin)(comments.remove(scope, posted.id))).toBe(true)
      expect(yield* as(w.admin)(comments.remove(scope, posted.id))).toBe(false)
    }))

  test("reactions: one per user and emoji, grouped in order; a second emoji in one update is refused whole", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown: "vote" } }))
      yield* as(w.commenter)(comments.update(scope, posted.id, { addedReactions: ["👍", "👍"] }))
      yield* TestClock.adjust("1 millis")
      yield* as(w.editor)(comments.update(scope, posted.id, { addedReactions: ["👍", "🎉"] }))
      yield* expectInvalid(as(w.editor)(comments.update(scope, posted.id, { addedReactions: ["🎉", "ab"] })), "addedReactions[1]")
      yield* expectInvalid(as(w.editor)(comments.update(scope, posted.id, { addedReactions: ["👍👍"] })), "addedReactions[0]")
      const after = yield* as(w.editor)(comments.update(scope, posted.id, { removedReactions: ["🎉"], resolved: true }))
      expect(after.reactions.map((r) => [r.emoji, r.count, r.users.map((u) => u.user.id)])).toEqual([["👍", 2, [w.commenter.id, w.editor.id]]])
      expect(after.status).toBe("resolved")
    }))

  test("replies: counted on the comment, edited by their author only, deleted with the comment", () =>
    Effect.gen(function* () {
      const { w, scope } = yield* withGuide
      const comments = yield* Comments
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown: "q" } }))
      const reply = yield* as(w.editor)(comments.reply(scope, posted.id, { body: { markdown: "a" } }))
      yield* TestClock.adjust("1 millis")
      yield* as(w.editor)(comments.reply(scope, posted.id, { body: { markdown: "b" } }))
      yield* expectTag(as(w.commenter)(comments.updateReply(scope, posted.id, reply.id, { body: { markdown: "no" } })), "Forbidden")
      const edited = yield* as(w.editor)(comments.updateReply(scope, posted.id, reply.id, { body: { markdown: "a2" } }))
      expect(edited.editedAt).toBeDefined()
      const comment = yield* as(w.reader)(comments.get(scope, posted.id))
      expect(comment.replies).toBe(2)
      expect(comment.repliers.map((r) => [r.user.id, r.count])).toEqual([[w.editor.id, 2]])
      expect((yield* as(w.reader)(comments.replies(scope, posted.id))).items.map((r) => r.body.markdown)).toEqual(["a2", "b"])
      yield* as(w.commenter)(comments.remove(scope, posted.id))
      yield* expectTag(as(w.reader)(comments.getReply(scope, posted.id, reply.id)), "NotFound")
    }))

  test("a deleted space keeps its comments readable by its admins and refuses writes until restored", () =>
    Effect.gen(function* () {
      const { w, spaceId, scope } = yield* withGuide
      const comments = yield* Comments
      const spaces = yield* Spaces
      const posted = yield* as(w.commenter)(comments.post(scope, { body: { markdown: "keep" } }))
      yield* as(w.admin)(spaces.remove(spaceId))
      // Only those who administer a deleted space see it (to restore it); for others it is gone.
      yield* expectTag(as(w.commenter)(comments.get(scope, posted.id)), "NotFound")
      expect((yield* as(w.admin)(comments.get(scope, posted.id))).permissions).toEqual({ view: true, edit: false, reply: false, delete: false })
      yield* expectTag(as(w.admin)(comments.post(scope, { body: { markdown: "x" } })), "Conflict")
      yield* as(w.admin)(spaces.restore(spaceId))
      expect((yield* as(w.commenter)(comments.list(scope))).count).toBe(1)
    }))
})
