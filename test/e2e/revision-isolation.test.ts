import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { gitbook } from "./support/client.js"
import { expectFailure, joinWithRole, makeAcme, makeUsers, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type ChangeRequestContentUpdate, MemberRole } from "./support/gitbookTypes.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Every request that names a revision by id reads it only if it belongs to the space in the
 * path or to a space the caller can view (`Access.revision`). ada keeps a secret page in a
 * closed space of Acme; eve runs her own organization; bob edits in Acme but may not read the
 * closed space; mallory was a member and was removed. None of them may read the secret page
 * through a revision id, and an unknown id and a refused one answer the same. On SQLite and
 * on Postgres, each with two server processes on one database: ada sets up through the first,
 * the others try through the second.
 */
const backends = [
  {
    name: "SQLite",
    skip: false,
    database: async () => {
      const dir = mkdtempSync(join(tmpdir(), "quire-isolation-"))
      return { url: `sqlite:${join(dir, "quire.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
    }
  },
  {
    name: "Postgres",
    skip: !(await postgresAvailable()),
    database: async () => {
      const scope = Effect.runSync(Scope.make())
      const url = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
      return { url, drop: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
    }
  }
]

describe.each(backends)("$name, two server processes", (backend) => {
let servers: ReadonlyArray<RunningServer> = []
let dropDatabase: () => Promise<void> = async () => {}
let ada: Principal
let bob: Principal
let eve: Principal
let mallory: Principal
let acme: string
let secretSpace: string
let secretRevision: string
let secretPage: string

const unknownRevision = "unknownRevision00001"

const merged = async (who: Principal, space: string, changes: ReadonlyArray<Record<string, unknown>>) => {
  const cr = (await who.api.spaces.createChangeRequest(space, { subject: "setup" })).data
  const update = (await who.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false }))
    .data as ChangeRequestContentUpdate
  expect((await who.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
  return update
}

/** A change request of `who` in `space` (their own), with its revision before any attempt. */
const ownChangeRequest = async (who: Principal, space: string) => {
  const cr = (await who.api.spaces.createChangeRequest(space, { subject: "attempt" })).data
  return { id: cr.id, revision: cr.revision }
}

const revertFrom = (revision: string) => ({ changes: [{ operation: "revert_page", page: secretPage, revision }] }) as any

/** The message with the revision id taken out: what a caller could compare between answers. */
const withoutId = (message: string, id: string) => message.replaceAll(id, "<id>")

/** The same user, calling the second server process. */
const throughSecond = (who: Principal): Principal => ({ ...who, api: gitbook(servers[1]!.url, who.token) })

beforeAll(async () => {
  if (backend.skip === true) return
  const database = await backend.database()
  dropDatabase = database.drop
  const first = await startServer({ databaseUrl: database.url })
  servers = [first, await startServer({ databaseUrl: database.url })]
  const server = first
  const people = await makeAcme(server)
  ;({ ada, eve, acme } = people)
  ;[bob, mallory] = await makeUsers(server, "acme.test", ["Bob", "Mallory"])
  await joinWithRole(ada, acme, bob, MemberRole.Edit)
  await joinWithRole(ada, acme, mallory, MemberRole.Admin)
  secretSpace = (await ada.api.orgs.createSpace(acme, { title: "Secret" })).data.id
  const update = await merged(ada, secretSpace, [{ operation: "insert_page", title: "Plans", document: { markdown: "The secret." } }])
  secretPage = (update.changes[0]!.page as unknown as { id: string }).id
  secretRevision = (await ada.api.spaces.getCurrentRevision(secretSpace)).data.id
  await ada.api.spaces.updateSpaceById(secretSpace, { defaultLevel: null })
  // mallory could read everything, and is removed: revisions are immutable, her knowledge of ids is not access.
  await ada.api.orgs.removeMemberFromOrganizationById(acme, mallory.user.id)
  ;[eve, bob, mallory] = [eve, bob, mallory].map(throughSecond) as [Principal, Principal, Principal]
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await dropDatabase()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe.skipIf(backend.skip === true)("updateChangeRequestContent: revert_page reads only revisions the caller may read", () => {
  const ownSpaces = new Map<Principal, string>()
  /** A space of the caller's own organization (for eve and mallory) or an open space of Acme (for bob). */
  const spaceOf = async (who: Principal) => {
    if (!ownSpaces.has(who)) {
      const organization = who === bob ? acme : (await who.api.orgs.createOrganization({ title: `Own of ${who.user.id}` })).data.id
      const owner = who === bob ? ada : who
      ownSpaces.set(who, (await owner.api.orgs.createSpace(organization, { title: "Own" })).data.id)
    }
    return ownSpaces.get(who)!
  }
  const attempts = () => [
    { who: "eve, of another organization", principal: eve },
    { who: "bob, who may not read the space", principal: bob },
    { who: "mallory, removed from the organization", principal: mallory }
  ]

  it("refuses another organization's or an unreadable space's revision exactly as an unknown one, and writes nothing", async () => {
    for (const attempt of attempts()) {
      const space = await spaceOf(attempt.principal)
      const cr = await ownChangeRequest(attempt.principal, space)
      const refused = await expectFailure(
        attempt.principal.api.spaces.updateChangeRequestContent(space, cr.id, revertFrom(secretRevision)),
        400,
        /changes\[0\]\.revision/
      )
      const unknown = await expectFailure(
        attempt.principal.api.spaces.updateChangeRequestContent(space, cr.id, revertFrom(unknownRevision)),
        400
      )
      expect(withoutId(refused.errorMessage, secretRevision), attempt.who).toBe(withoutId(unknown.errorMessage, unknownRevision))
      expect(refused.errorMessage).not.toContain("Plans")
      const after = (await attempt.principal.api.spaces.getChangeRequestById(space, cr.id)).data
      expect(after.revision, attempt.who).toBe(cr.revision)
      const pages = (await attempt.principal.api.spaces.getRevisionOfChangeRequestById(space, cr.id)).data.pages
      expect(JSON.stringify(pages)).not.toContain("Plans")
    }
  })

  it("still reverts from a revision of a space the caller can read", async () => {
    await ada.api.spaces.updateSpaceById(secretSpace, { defaultLevel: "inherit" })
    try {
      const space = await spaceOf(bob)
      const cr = await ownChangeRequest(bob, space)
      const update = (await bob.api.spaces.updateChangeRequestContent(space, cr.id, revertFrom(secretRevision), { compat: false })).data as ChangeRequestContentUpdate
      expect(update.changes).toHaveLength(1)
      const page = (await bob.api.spaces.getPageInChangeRequestById(space, cr.id, secretPage)).data as any
      expect(page.title).toBe("Plans")
    } finally {
      await ada.api.spaces.updateSpaceById(secretSpace, { defaultLevel: null })
    }
  })
})

describe.skipIf(backend.skip === true)("revision reads by id: another space's revision is not found unless its space is readable", () => {
  const reads = (who: Principal, space: string, revision: string): Array<Promise<unknown>> => [
    who.api.spaces.getRevisionById(space, revision),
    who.api.spaces.listPagesInRevisionById(space, revision),
    who.api.spaces.getPageInRevisionById(space, revision, secretPage),
    who.api.spaces.getPageInRevisionByPath(space, revision, "plans"),
    who.api.spaces.listFilesInRevisionById(space, revision),
    who.api.spaces.getFileInRevisionById(space, revision, "someFile"),
    who.api.spaces.getRevisionSemanticChanges(space, revision)
  ]

  it("an outsider, a member who may not read it, and a removed member get 404 with the same message as an unknown id", async () => {
    const evil = (await eve.api.orgs.createOrganization({ title: "Evil 2" })).data.id
    const cases = [
      { who: eve, space: (await eve.api.orgs.createSpace(evil, { title: "Mine" })).data.id },
      { who: bob, space: (await ada.api.orgs.createSpace(acme, { title: "Bob's" })).data.id }
    ]
    for (const { who, space } of cases) {
      const refused = await Promise.all(reads(who, space, secretRevision).map((call) => expectFailure(call, 404)))
      const unknown = await Promise.all(reads(who, space, unknownRevision).map((call) => expectFailure(call, 404)))
      refused.forEach((error: { errorMessage: string }, i: number) => {
        expect(withoutId(error.errorMessage, secretRevision)).toBe(withoutId(unknown[i]!.errorMessage, unknownRevision))
      })
    }
    await Promise.all(reads(mallory, secretSpace, secretRevision).map((call) => expectFailure(call, 404)))
  })
})

describe.skipIf(backend.skip === true)("comments in the closed space: found by no one who may not read it", () => {
  let ids: { readonly changeRequest: string; readonly comment: string; readonly reply: string; readonly crComment: string; readonly crReply: string }
  const unknownSpace = "unknownSpace0000001"

  beforeAll(async () => {
    if (backend.skip === true) return
    const body = { body: { markdown: "About the plans" } } as any
    const changeRequest = (await ada.api.spaces.createChangeRequest(secretSpace, { subject: "Discussed" })).data.id
    const comment = (await ada.api.spaces.postCommentInSpace(secretSpace, { ...body, page: secretPage })).data.id
    const reply = (await ada.api.spaces.postCommentReplyInSpace(secretSpace, comment, body)).data.id
    const crComment = (await ada.api.spaces.postCommentInChangeRequest(secretSpace, changeRequest, body)).data.id
    const crReply = (await ada.api.spaces.postCommentReplyInChangeRequest(secretSpace, changeRequest, crComment, body)).data.id
    ids = { changeRequest, comment, reply, crComment, crReply }
  })

  /** Every comment operation, in the space and in its change request, on `space`. */
  const calls = (who: Principal, space: string): Array<Promise<unknown>> => {
    const s = who.api.spaces
    const { changeRequest: cr, comment, reply, crComment, crReply } = ids
    const body = { body: { markdown: "Let me in" } } as any
    return [
      s.listCommentsInSpace(space),
      s.postCommentInSpace(space, body),
      s.getCommentInSpace(space, comment),
      s.updateCommentInSpace(space, comment, { resolved: true }),
      s.deleteCommentInSpace(space, comment),
      s.listCommentRepliesInSpace(space, comment),
      s.postCommentReplyInSpace(space, comment, body),
      s.getCommentReplyInSpace(space, comment, reply),
      s.updateCommentReplyInSpace(space, comment, reply, { addedReactions: ["👀"] }),
      s.deleteCommentReplyInSpace(space, comment, reply),
      s.listCommentersInSpace(space),
      s.listCommentsInChangeRequest(space, cr),
      s.postCommentInChangeRequest(space, cr, body),
      s.getCommentInChangeRequest(space, cr, crComment),
      s.updateCommentInChangeRequest(space, cr, crComment, { resolved: true }),
      s.deleteCommentInChangeRequest(space, cr, crComment),
      s.listCommentRepliesInChangeRequest(space, cr, crComment),
      s.postCommentReplyInChangeRequest(space, cr, crComment, body),
      s.getCommentReplyInChangeRequest(space, cr, crComment, crReply),
      s.updateCommentReplyInChangeRequest(space, cr, crComment, crReply, { addedReactions: ["👀"] }),
      s.deleteCommentReplyInChangeRequest(space, cr, crComment, crReply),
      s.listCommentersInChangeRequest(space, cr)
    ]
  }

  it("an outsider, a member who may not read it and a removed member get 404 from all 22, as for an unknown space; nothing changes", async () => {
    for (const who of [eve, bob, mallory]) {
      const refused = await Promise.all(calls(who, secretSpace).map((call) => expectFailure(call, 404)))
      const unknown = await Promise.all(calls(who, unknownSpace).map((call) => expectFailure(call, 404)))
      refused.forEach((error: { errorMessage: string }, i: number) => {
        expect(withoutId(error.errorMessage, secretSpace)).toBe(withoutId(unknown[i]!.errorMessage, unknownSpace))
      })
    }
    const comment = (await ada.api.spaces.getCommentInSpace(secretSpace, ids.comment)).data
    expect(comment).toMatchObject({ status: "open", replies: 1, reactions: [] })
    const crComment = (await ada.api.spaces.getCommentInChangeRequest(secretSpace, ids.changeRequest, ids.crComment)).data
    expect(crComment).toMatchObject({ status: "open", replies: 1, reactions: [] })
    expect((await ada.api.spaces.listCommentsInSpace(secretSpace)).data.count).toBe(1)
    expect((await ada.api.spaces.listCommentsInChangeRequest(secretSpace, ids.changeRequest)).data.count).toBe(1)
  })
})
})
