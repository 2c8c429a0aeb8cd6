import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import {
  expectFailure,
  joinWithRole,
  makeAcmeWithEditor,
  makeUsers,
  notExercised,
  type Principal,
  takeSpecViolations
} from "./support/fixtures.js"
import { type ChangeRequestContentUpdate, MemberRole } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Comments through the official client, on SQLite, in both places they are kept: a space's
 * main content and a change request's. ada administers Acme, bob edits, cora comments, carl
 * reads, eve is outside. Every answer is checked against the official spec.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let cora: Principal
let carl: Principal
let eve: Principal
let acme: string

beforeAll(async () => {
  server = await startServer()
  ;({ ada, bob, carl, eve, acme } = await makeAcmeWithEditor(server))
  ;[cora] = await makeUsers(server, "acme.test", ["Cora"])
  await joinWithRole(ada, acme, cora, MemberRole.Comment)
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const GUIDE = "Intro.\n\n## Install\n\nRun it.\n\n## Use it\n\nUse it."

/** A markdown body (the official `Document`'s markdown form). */
const md = (markdown: string) => ({ markdown }) as any

/** Where comments are: a space's main content, or one of its change requests. */
interface Place {
  readonly space: string
  readonly changeRequest?: string
  /** The guide page, whose body has the headings "Install" and "Use it". */
  readonly guide: string
}

type Scope = "space" | "change request"

/** Inserts `markdown` as a page through a merged change request; the page's id. */
const mergedPage = async (space: string, title: string, markdown: string) => {
  const cr = (await ada.api.spaces.createChangeRequest(space, { subject: `Add ${title}` })).data
  const update = (await ada.api.spaces.updateChangeRequestContent(space, cr.id, { changes: [{ operation: "insert_page", title, document: { markdown } }] } as any, { compat: false }))
    .data as ChangeRequestContentUpdate
  expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
  return (update.changes[0]!.page as unknown as { id: string }).id
}

/** A new space with the guide page; in a change request of it (made by bob) for that scope. */
const newPlace = async (scope: Scope, title = "Handbook"): Promise<Place> => {
  const space = (await ada.api.orgs.createSpace(acme, { title })).data.id
  const guide = await mergedPage(space, "Guide", GUIDE)
  if (scope === "space") return { space, guide }
  const changeRequest = (await bob.api.spaces.createChangeRequest(space, { subject: "Review" })).data.id
  return { space, changeRequest, guide }
}

/** The path of the place in the API. */
const basePath = (place: Place) =>
  place.changeRequest === undefined ? `/spaces/${place.space}` : `/spaces/${place.space}/change-requests/${place.changeRequest}`

type Query = Record<string, unknown>

/** The eleven operations in a place, as `who`, through the official client (the space's or the change request's). */
const commentsIn = (who: Principal, place: Place) => {
  const s = who.api.spaces
  const { space, changeRequest: cr } = place
  return {
    list: (query: Query = {}) => (cr === undefined ? s.listCommentsInSpace(space, query) : s.listCommentsInChangeRequest(space, cr, query)),
    post: (data: Query) => (cr === undefined ? s.postCommentInSpace(space, data as any) : s.postCommentInChangeRequest(space, cr, data as any)),
    get: (id: string, query: Query = {}) =>
      cr === undefined ? s.getCommentInSpace(space, id, query) : s.getCommentInChangeRequest(space, cr, id, query),
    update: (id: string, data: Query) =>
      cr === undefined ? s.updateCommentInSpace(space, id, data as any) : s.updateCommentInChangeRequest(space, cr, id, data as any),
    remove: (id: string) => (cr === undefined ? s.deleteCommentInSpace(space, id) : s.deleteCommentInChangeRequest(space, cr, id)),
    replies: (id: string, query: Query = {}) =>
      cr === undefined ? s.listCommentRepliesInSpace(space, id, query) : s.listCommentRepliesInChangeRequest(space, cr, id, query),
    reply: (id: string, data: Query) =>
      cr === undefined ? s.postCommentReplyInSpace(space, id, data as any) : s.postCommentReplyInChangeRequest(space, cr, id, data as any),
    getReply: (id: string, replyId: string, query: Query = {}) =>
      cr === undefined ? s.getCommentReplyInSpace(space, id, replyId, query) : s.getCommentReplyInChangeRequest(space, cr, id, replyId, query),
    updateReply: (id: string, replyId: string, data: Query) =>
      cr === undefined
        ? s.updateCommentReplyInSpace(space, id, replyId, data as any)
        : s.updateCommentReplyInChangeRequest(space, cr, id, replyId, data as any),
    removeReply: (id: string, replyId: string) =>
      cr === undefined ? s.deleteCommentReplyInSpace(space, id, replyId) : s.deleteCommentReplyInChangeRequest(space, cr, id, replyId),
    commenters: (query: Query = {}) =>
      cr === undefined ? s.listCommentersInSpace(space, query) : s.listCommentersInChangeRequest(space, cr, query)
  }
}

/** The revision a place reads now. */
const revisionOf = async (place: Place) =>
  place.changeRequest === undefined
    ? (await ada.api.spaces.getSpaceById(place.space)).data.revision
    : (await ada.api.spaces.getChangeRequestById(place.space, place.changeRequest)).data.revision

/** A request refused with 400: its body names `field`. */
const expectRefused = async (who: Principal, method: string, path: string, field: string, body?: unknown) => {
  const response = await rawCall(server.url, who.token, method, path, body)
  expect({ status: response.status, field: response.body?.error?.field }, `${method} ${path}`).toEqual({ status: 400, field })
}

const ALL = { view: true, edit: true, reply: true, delete: true }

describe.each<Scope>(["space", "change request"])("comments in a %s", (scope) => {
  let place: Place
  const as = (who: Principal) => commentsIn(who, place)

  beforeAll(async () => {
    place = await newPlace(scope)
  })

  it("posts on the whole content, on a page and on a block (a heading's anchor, its text as preview)", async () => {
    const revision = await revisionOf(place)
    const whole = await as(cora).post({ body: md("Overall, fine.") })
    expect(whole.status).toBe(200)
    expect(whole.data).toMatchObject({
      object: "comment",
      status: "open",
      body: { markdown: "Overall, fine." },
      postedBy: { id: cora.user.id },
      replies: 0,
      repliers: [],
      reactions: [],
      permissions: ALL,
      target: { space: place.space, revision }
    })
    expect(whole.data.target.changeRequest).toBe(place.changeRequest)
    expect(whole.data.target.page).toBeUndefined()
    expect(whole.data.editedAt).toBeUndefined()
    expect(whole.data.urls.location).toBe(`${server.url}/v1${basePath(place)}/comments/${whole.data.id}`)

    const onPage = (await as(cora).post({ body: md("About the guide"), page: place.guide })).data
    expect(onPage.target.page).toEqual({ id: place.guide, title: "Guide", path: "guide", outdated: false })
    expect(onPage.target.node).toBeUndefined()

    const onBlock = (await as(cora).post({ body: md("Which version?"), page: place.guide, node: "install" })).data
    expect(onBlock.target.page).toMatchObject({ id: place.guide, outdated: false })
    expect(onBlock.target.node).toEqual({ id: "install", preview: "Install" })
    const onOther = (await as(cora).post({ body: md("And this?"), page: place.guide, node: "use-it" })).data
    expect(onOther.target.node).toEqual({ id: "use-it", preview: "Use it" })

    for (const posted of [whole.data, onPage, onBlock]) expect((await as(cora).get(posted.id)).data).toEqual(posted)
  })

  it("format=markdown answers as without it; format=document is refused naming `format`; unknown ids are 404", async () => {
    const posted = (await as(cora).post({ body: md("**Bold** claim") })).data
    const replied = (await as(bob).reply(posted.id, { body: md("Agreed") })).data
    expect((await as(carl).get(posted.id, { format: "markdown" })).data.body).toEqual({ markdown: "**Bold** claim" })
    expect((await as(carl).getReply(posted.id, replied.id, { format: "markdown" })).data.body).toEqual({ markdown: "Agreed" })
    const base = basePath(place)
    for (const path of [
      `${base}/comments?format=document`,
      `${base}/comments/${posted.id}?format=document`,
      `${base}/comments/${posted.id}/replies?format=document`,
      `${base}/comments/${posted.id}/replies/${replied.id}?format=document`
    ]) {
      await expectRefused(carl, "GET", path, "format")
    }
    await expectFailure(as(carl).get("unknownComment00000"), 404)
    await expectFailure(as(carl).getReply(posted.id, "unknownReply0000000"), 404)
    await expectFailure(as(carl).replies("unknownComment00000"), 404)
    await expectFailure(as(cora).reply("unknownComment00000", { body: md("Hello?") }), 404)
    await expectFailure(as(cora).update("unknownComment00000", { resolved: true }), 404)
  })

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const posted = (await as(cora).post({ body: md("Vote here") })).data
    const before = (await as(carl).list({ limit: 1000 })).data
    const comments = `${basePath(place)}/comments`
    await expectRefused(cora, "POST", comments, "body", {})
    await expectRefused(cora, "POST", comments, "body.markdown", { body: { markdown: "" } })
    await expectRefused(cora, "POST", comments, "body.markdown", { body: { markdown: "x".repeat(10_001) } })
    await expectRefused(cora, "POST", comments, "page", { body: { markdown: "x" }, page: "unknownPage" })
    await expectRefused(cora, "POST", comments, "node", { body: { markdown: "x" }, node: "install" })
    await expectRefused(cora, "POST", comments, "node", { body: { markdown: "x" }, page: place.guide, node: "nowhere" })
    await expectRefused(cora, "PUT", `${comments}/${posted.id}`, "addedReactions[0]", { addedReactions: ["ab"] })
    await expectRefused(cora, "PUT", `${comments}/${posted.id}`, "addedReactions[0]", { addedReactions: ["👍👍"] })
    // Refused whole: the valid reaction and the body before it are not kept either.
    await expectRefused(cora, "PUT", `${comments}/${posted.id}`, "addedReactions[1]", { body: md("Changed"), addedReactions: ["👍", "x"] })
    await expectRefused(cora, "PUT", `${comments}/${posted.id}`, "body.markdown", { body: { markdown: "" } })
    await expectRefused(cora, "POST", `${comments}/${posted.id}/replies`, "body.markdown", { body: { markdown: "" } })
    await expectRefused(carl, "GET", `${comments}?status=bogus`, "status")
    expect((await as(carl).list({ limit: 1000 })).data).toEqual(before)
    expect((await as(carl).get(posted.id)).data).toMatchObject({ body: { markdown: "Vote here" }, reactions: [], replies: 0 })
    expect((await as(carl).get(posted.id)).data.editedAt).toBeUndefined()
    // The longest body is taken.
    const longest = (await as(cora).post({ body: md("x".repeat(10_000)) })).data
    expect((longest.body as { markdown: string }).markdown).toHaveLength(10_000)
    expect((await as(cora).remove(longest.id)).status).toBe(205)
  })

  it("resolving sets status, resolvedAt and resolvedBy; reopening clears them", async () => {
    const posted = (await as(cora).post({ body: md("Fix this") })).data
    const resolved = (await as(bob).update(posted.id, { resolved: true })).data as any
    expect(resolved).toMatchObject({ id: posted.id, status: "resolved", resolvedBy: { id: bob.user.id } })
    expect(Date.parse(resolved.resolvedAt)).toBeGreaterThanOrEqual(Date.parse(posted.postedAt))
    expect((await as(carl).get(posted.id)).data).toMatchObject({ status: "resolved", resolvedAt: resolved.resolvedAt })
    const reopened = (await as(cora).update(posted.id, { resolved: false })).data as any
    expect(reopened.status).toBe("open")
    expect("resolvedAt" in reopened || "resolvedBy" in reopened).toBe(false)
    expect(reopened.editedAt).toBeUndefined()
  })

  it("reactions: one per user and emoji however often added, grouped as {emoji, count, users}, and removed", async () => {
    const posted = (await as(cora).post({ body: md("React") })).data
    await as(cora).update(posted.id, { addedReactions: ["👍", "👍"] })
    const twice = (await as(cora).update(posted.id, { addedReactions: ["👍"] })).data
    expect(twice.reactions).toEqual([{ emoji: "👍", count: 1, users: [{ user: expect.objectContaining({ id: cora.user.id }), reactedAt: expect.any(String) }] }])
    const both = (await as(bob).update(posted.id, { addedReactions: ["👍", "🎉"] })).data
    expect(both.reactions.map((r: any) => [r.emoji, r.count, r.users.map((u: any) => u.user.id)])).toEqual([
      ["👍", 2, [cora.user.id, bob.user.id]],
      ["🎉", 1, [bob.user.id]]
    ])
    const removed = (await as(bob).update(posted.id, { removedReactions: ["🎉"] })).data
    expect(removed.reactions.map((r: any) => [r.emoji, r.count])).toEqual([["👍", 2]])
    expect((await as(carl).get(posted.id)).data.reactions).toEqual(removed.reactions)
    expect(removed.editedAt).toBeUndefined()
  })

  it("only the author edits the body (editedAt set); another member's edit is 403 and changes nothing", async () => {
    const posted = (await as(cora).post({ body: md("First draft") })).data
    await expectFailure(as(bob).update(posted.id, { body: md("Bob's words") }), 403)
    await expectFailure(as(ada).update(posted.id, { body: md("Ada's words") }), 403)
    expect((await as(carl).get(posted.id)).data.body).toEqual({ markdown: "First draft" })
    const edited = (await as(cora).update(posted.id, { body: md("Second draft") })).data
    expect(edited.body).toEqual({ markdown: "Second draft" })
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(posted.postedAt))
  })

  it("permissions on each answer are what the server then allows: author, another commenter, an admin, a reader", async () => {
    const posted = (await as(cora).post({ body: md("Whose?") })).data
    const seen = async (who: Principal) => (await as(who).get(posted.id)).data.permissions
    expect(await seen(cora)).toEqual(ALL)
    expect(await seen(bob)).toEqual({ view: true, edit: false, reply: true, delete: false })
    expect(await seen(ada)).toEqual({ view: true, edit: false, reply: true, delete: true })
    expect(await seen(carl)).toEqual({ view: true, edit: false, reply: false, delete: false })
    // bob may reply and react, not edit nor delete.
    const replied = (await as(bob).reply(posted.id, { body: md("Mine") })).data
    expect(replied.permissions).toEqual({ view: true, edit: true, reply: true, delete: true })
    expect((await as(cora).getReply(posted.id, replied.id)).data.permissions).toEqual({ view: true, edit: false, reply: true, delete: false })
    expect((await as(ada).getReply(posted.id, replied.id)).data.permissions).toEqual({ view: true, edit: false, reply: true, delete: true })
    await expectFailure(as(cora).updateReply(posted.id, replied.id, { body: md("Cora's") }), 403)
    await expectFailure(as(cora).removeReply(posted.id, replied.id), 403)
    await as(bob).update(posted.id, { addedReactions: ["🎉"] })
    await expectFailure(as(bob).update(posted.id, { body: md("Bob's") }), 403)
    await expectFailure(as(bob).remove(posted.id), 403)
    expect((await as(carl).get(posted.id)).data.replies).toBe(1)
    // The admin deletes what another posted.
    expect((await as(ada).removeReply(posted.id, replied.id)).status).toBe(205)
    expect((await as(ada).remove(posted.id)).status).toBe(205)
  })

  it("replies: posted, listed, read, edited by their author, reacted to, counted on the comment, deleted (205, then 204)", async () => {
    const posted = (await as(cora).post({ body: md("Question") })).data
    const first = await as(bob).reply(posted.id, { body: md("Answer one") })
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({
      object: "comment-reply",
      body: { markdown: "Answer one" },
      postedBy: { id: bob.user.id },
      reactions: [],
      permissions: ALL
    })
    expect(first.data.urls.location).toBe(`${server.url}/v1${basePath(place)}/comments/${posted.id}/replies/${first.data.id}`)
    const second = (await as(bob).reply(posted.id, { body: md("Answer two") })).data
    const third = (await as(cora).reply(posted.id, { body: md("Thanks") })).data
    expect((await as(carl).getReply(posted.id, first.data.id)).data).toMatchObject({ id: first.data.id, body: { markdown: "Answer one" } })

    const edited = (await as(bob).updateReply(posted.id, first.data.id, { body: md("Answer one, edited"), addedReactions: ["👀"] })).data
    expect(edited).toMatchObject({ body: { markdown: "Answer one, edited" }, reactions: [{ emoji: "👀", count: 1 }] })
    expect(edited.editedAt).toEqual(expect.any(String))

    const comment = (await as(carl).get(posted.id)).data
    expect(comment.replies).toBe(3)
    expect(comment.repliers.map((r: any) => [r.user.id, r.count])).toEqual(
      expect.arrayContaining([
        [bob.user.id, 2],
        [cora.user.id, 1]
      ])
    )
    const listed = (await as(carl).replies(posted.id)).data
    expect(listed.items.map((r: any) => r.id)).toEqual([first.data.id, second.id, third.id])
    expect(listed.count).toBe(3)
    const paged = (await as(carl).replies(posted.id, { limit: 2 })).data
    expect(paged.items).toHaveLength(2)
    const rest = (await as(carl).replies(posted.id, { limit: 2, page: paged.next!.page })).data
    expect(rest.items.map((r: any) => r.id)).toEqual([third.id])
    expect(rest.next).toBeUndefined()

    expect((await as(bob).removeReply(posted.id, second.id)).status).toBe(205)
    expect((await as(bob).removeReply(posted.id, second.id)).status).toBe(204)
    await expectFailure(as(carl).getReply(posted.id, second.id), 404)
    expect((await as(carl).get(posted.id)).data.replies).toBe(2)
  })

  it("deleting a comment deletes its replies; a second delete answers 204", async () => {
    const posted = (await as(cora).post({ body: md("Short-lived") })).data
    const replied = (await as(bob).reply(posted.id, { body: md("Indeed") })).data
    const deleted = await as(cora).remove(posted.id)
    expect(deleted.status).toBe(205)
    await expectFailure(as(carl).get(posted.id), 404)
    await expectFailure(as(carl).getReply(posted.id, replied.id), 404)
    await expectFailure(as(carl).replies(posted.id), 404)
    expect((await as(cora).remove(posted.id)).status).toBe(204)
    expect((await as(carl).list({ limit: 1000 })).data.items.map((c: any) => c.id)).not.toContain(posted.id)
  })

  it("lists filter by status, target page and authors, in either order, a page at a time", async () => {
    const own = await newPlace(scope, "Lists")
    const in_ = (who: Principal) => commentsIn(who, own)
    const c1 = (await in_(cora).post({ body: md("one"), page: own.guide })).data
    const c2 = (await in_(bob).post({ body: md("two") })).data
    const c3 = (await in_(ada).post({ body: md("three"), page: own.guide, node: "install" })).data
    await in_(ada).update(c2.id, { resolved: true })
    const ids = async (query: Query) => (await in_(carl).list(query)).data.items.map((c: any) => c.id)
    expect(await ids({})).toEqual([c3.id, c2.id, c1.id])
    expect(await ids({ order: "asc" })).toEqual([c1.id, c2.id, c3.id])
    expect(await ids({ status: "all" })).toEqual([c3.id, c2.id, c1.id])
    expect(await ids({ status: "open" })).toEqual([c3.id, c1.id])
    expect(await ids({ status: "resolved" })).toEqual([c2.id])
    expect(await ids({ targetPage: own.guide })).toEqual([c3.id, c1.id])
    expect(await ids({ targetPage: "otherPage" })).toEqual([])
    expect(await ids({ authors: [cora.user.id] })).toEqual([c1.id])
    expect(await ids({ authors: [cora.user.id, bob.user.id], order: "asc" })).toEqual([c1.id, c2.id])
    expect(await ids({ authors: [cora.user.id], status: "resolved" })).toEqual([])

    const pages: Array<{ items: Array<any>; count: number; next?: { page: string } }> = []
    let page: string | undefined
    do {
      const data = (await in_(carl).list({ limit: 1, page })).data as any
      pages.push(data)
      page = data.next?.page
    } while (page !== undefined && pages.length < 10)
    expect(pages.map((p) => p.items.map((c) => c.id))).toEqual([[c3.id], [c2.id], [c1.id]])
    expect(pages.map((p) => p.count)).toEqual([3, 3, 3])
    expect(pages.at(-1)!.next).toBeUndefined()
    await expectFailure(in_(carl).list({ limit: 0 }), 400, /limit/)
  })

  it("lists the members who posted a comment or a reply, by first post", async () => {
    const own = await newPlace(scope, "Commenters")
    const in_ = (who: Principal) => commentsIn(who, own)
    expect((await in_(carl).commenters()).data).toEqual({ items: [], count: 0 })
    const posted = (await in_(cora).post({ body: md("Hi") })).data
    await in_(bob).reply(posted.id, { body: md("Hello") })
    await in_(cora).post({ body: md("Again") })
    const listed = (await in_(carl).commenters()).data
    expect(listed.items.map((m: any) => [m.object, m.user.id])).toEqual([
      ["member", cora.user.id],
      ["member", bob.user.id]
    ])
    expect(listed.count).toBe(2)
    const first = (await in_(carl).commenters({ limit: 1 })).data
    expect(first.items.map((m: any) => m.user.id)).toEqual([cora.user.id])
    expect((await in_(carl).commenters({ limit: 1, page: first.next!.page })).data.next).toBeUndefined()
  })

  it("a reader gets 200 from every read and 403 from every write, which change nothing", async () => {
    const posted = (await as(cora).post({ body: md("Read me") })).data
    const replied = (await as(bob).reply(posted.id, { body: md("Me too") })).data
    const reader = as(carl)
    const reads = await Promise.all([
      reader.list(),
      reader.get(posted.id),
      reader.replies(posted.id),
      reader.getReply(posted.id, replied.id),
      reader.commenters()
    ])
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200])
    await expectFailure(reader.post({ body: md("No") }), 403)
    await expectFailure(reader.update(posted.id, { resolved: true }), 403)
    await expectFailure(reader.update(posted.id, { addedReactions: ["👍"] }), 403)
    await expectFailure(reader.remove(posted.id), 403)
    await expectFailure(reader.reply(posted.id, { body: md("No") }), 403)
    await expectFailure(reader.updateReply(posted.id, replied.id, { addedReactions: ["👍"] }), 403)
    await expectFailure(reader.removeReply(posted.id, replied.id), 403)
    expect((await as(ada).get(posted.id)).data).toMatchObject({ status: "open", reactions: [], replies: 1 })
    expect((await as(ada).getReply(posted.id, replied.id)).data.reactions).toEqual([])
  })

  it("an outsider gets 404 from every operation, and changes nothing", async () => {
    const posted = (await as(cora).post({ body: md("Private") })).data
    const replied = (await as(bob).reply(posted.id, { body: md("Indeed") })).data
    const outsider = as(eve)
    // Each call made and awaited together: made eagerly and awaited one by one, a later 404 would be an unhandled rejection.
    await Promise.all(
      [
        outsider.list(),
        outsider.post({ body: md("Hi") }),
        outsider.get(posted.id),
        outsider.update(posted.id, { resolved: true }),
        outsider.remove(posted.id),
        outsider.replies(posted.id),
        outsider.reply(posted.id, { body: md("Hi") }),
        outsider.getReply(posted.id, replied.id),
        outsider.updateReply(posted.id, replied.id, { addedReactions: ["👍"] }),
        outsider.removeReply(posted.id, replied.id),
        outsider.commenters()
      ].map((call) => expectFailure(call, 404))
    )
    expect((await as(ada).get(posted.id)).data).toMatchObject({ status: "open", replies: 1, reactions: [] })
  })
})

describe("a comment on a page becomes outdated once the page's content changes in its scope", () => {
  it("in a change request, after updateChangeRequestContent; the space's comment stays current", async () => {
    const place = await newPlace("change request", "Outdated in a change request")
    const onSpace = (await commentsIn(cora, { space: place.space, guide: place.guide }).post({ body: md("Space side"), page: place.guide })).data
    const posted = (await commentsIn(cora, place).post({ body: md("Typo?"), page: place.guide, node: "install" })).data
    const write = (changes: Array<Record<string, unknown>>) =>
      bob.api.spaces.updateChangeRequestContent(place.space, place.changeRequest!, { changes } as any)
    await write([{ operation: "update_page", page: place.guide, title: "Guide 2" }])
    expect((await commentsIn(carl, place).get(posted.id)).data.target.page).toMatchObject({ title: "Guide 2", outdated: false })
    await write([{ operation: "update_page", page: place.guide, document: { markdown: "Rewritten." } }])
    const after = (await commentsIn(carl, place).get(posted.id)).data
    expect(after.target.page).toMatchObject({ id: place.guide, outdated: true })
    expect(after.target.node).toEqual({ id: "install", preview: "Install" })
    expect((await commentsIn(carl, { space: place.space, guide: place.guide }).get(onSpace.id)).data.target.page).toMatchObject({
      outdated: false
    })
  })

  it("in a space, after a merge changes the page", async () => {
    const place = await newPlace("space", "Outdated in a space")
    const posted = (await commentsIn(cora, place).post({ body: md("Unclear"), page: place.guide })).data
    expect((posted.target.page as any).outdated).toBe(false)
    const cr = (await bob.api.spaces.createChangeRequest(place.space, {})).data.id
    await bob.api.spaces.updateChangeRequestContent(place.space, cr, {
      changes: [{ operation: "update_page", page: place.guide, document: { markdown: "Clearer now." } }]
    } as any)
    expect(((await commentsIn(carl, place).get(posted.id)).data.target.page as any).outdated).toBe(false)
    expect((await ada.api.spaces.mergeChangeRequest(place.space, cr)).data.result).toBe("merge")
    expect(((await commentsIn(carl, place).get(posted.id)).data.target.page as any).outdated).toBe(true)
  })
})

describe("a change request's comments and the space's are kept apart", () => {
  it("each is found only in its own scope, and listed only there", async () => {
    const place = await newPlace("change request", "Apart")
    const spacePlace = { space: place.space, guide: place.guide }
    const inCr = (await commentsIn(cora, place).post({ body: md("In the change request") })).data
    const inSpace = (await commentsIn(cora, spacePlace).post({ body: md("In the space") })).data
    await expectFailure(commentsIn(carl, spacePlace).get(inCr.id), 404)
    await expectFailure(commentsIn(carl, place).get(inSpace.id), 404)
    await expectFailure(commentsIn(cora, spacePlace).reply(inCr.id, { body: md("Wrong place") }), 404)
    expect((await commentsIn(carl, place).list()).data.items.map((c: any) => c.id)).toEqual([inCr.id])
    expect((await commentsIn(carl, spacePlace).list()).data.items.map((c: any) => c.id)).toEqual([inSpace.id])
  })

  // COUNTS (wired by the lead): a change request's `comments` and a space's are their open comments.
  it("a change request's `comments` counts its open comments; the space's counts the open ones of its main content", async () => {
    const place = await newPlace("change request", "Counts")
    const spacePlace = { space: place.space, guide: place.guide }
    const a = (await commentsIn(cora, place).post({ body: md("a") })).data
    await commentsIn(cora, place).post({ body: md("b") })
    await commentsIn(cora, place).post({ body: md("c"), page: place.guide })
    await commentsIn(cora, spacePlace).post({ body: md("in the space") })
    await commentsIn(ada, place).update(a.id, { resolved: true })
    const open = (await commentsIn(carl, place).list({ status: "open" })).data.count
    expect(open).toBe(2)
    expect((await carl.api.spaces.getChangeRequestById(place.space, place.changeRequest!)).data.comments).toBe(open)
    expect((await carl.api.spaces.getSpaceById(place.space)).data.comments).toBe(1)
  })
})

describe("coverage", () => {
  it("every comment operation answered a success in this file", () => {
    expect(notExercised(operationsByArea.comments)).toEqual([])
  })
})
