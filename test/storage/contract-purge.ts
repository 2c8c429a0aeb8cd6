import { ChangeRequestRepository, CommentRepository, SiteRepository, SpaceRepository, type UserId } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import {
  at,
  makeChangeRequest,
  makeComment,
  makeReaction,
  makeReply,
  makeSection,
  makeSite,
  makeSiteSpace,
  newId,
  type StorageLayer,
  storedOrganization,
  storedSpace
} from "./contract-fixtures.js"

export const purgeContract = (storage: StorageLayer) =>
  describe("SpaceRepository.purge", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("purging a space removes its change requests and their contributors, and leaves another space's alone", () =>
        Effect.gen(function* () {
          const spaces = yield* SpaceRepository
          const changeRequests = yield* ChangeRequestRepository
          const gone = yield* storedSpace
          const kept = yield* storedSpace
          const [ada, bob] = [newId<UserId>(), newId<UserId>()]
          const purged = [makeChangeRequest(gone, 1), makeChangeRequest(gone, 2, { status: "merged" })]
          const other = makeChangeRequest(kept, 1)
          for (const c of [...purged, other]) {
            yield* changeRequests.insert(c)
            yield* changeRequests.recordContributor(c.id, ada, at(1))
          }
          yield* changeRequests.recordContributor(purged[0]!.id, bob, at(2))

          yield* spaces.purge(gone)

          expect(yield* spaces.findById(gone)).toStrictEqual(Option.none())
          for (const c of purged) {
            expect(yield* changeRequests.findById(gone, c.id)).toStrictEqual(Option.none())
            expect(yield* changeRequests.listContributors(c.id)).toStrictEqual([])
          }
          expect(yield* changeRequests.lastNumber(gone)).toBe(0)
          expect(Option.isSome(yield* spaces.findById(kept))).toBe(true)
          expect(yield* changeRequests.findById(kept, other.id)).toStrictEqual(Option.some(other))
          expect(yield* changeRequests.listContributors(other.id)).toStrictEqual([
            { changeRequestId: other.id, userId: ada, firstContributedAt: at(1), lastContributedAt: at(1), contributions: 1 }
          ])
        })
      )

      it.effect("purging a space removes its comments (main content and change requests), replies and reactions, and no other's", () =>
        Effect.gen(function* () {
          const spaces = yield* SpaceRepository
          const changeRequests = yield* ChangeRequestRepository
          const comments = yield* CommentRepository
          const gone = yield* storedSpace
          const kept = yield* storedSpace
          const ada = newId<UserId>()
          const changeRequest = makeChangeRequest(gone, 1)
          yield* changeRequests.insert(changeRequest)
          const threads = [
            makeComment(gone),
            makeComment(gone, { changeRequestId: changeRequest.id }),
            makeComment(kept)
          ]
          const replies = threads.map((c) => makeReply(c))
          for (const [i, comment] of threads.entries()) {
            yield* comments.insert(comment)
            yield* comments.insertReply(replies[i]!)
            yield* comments.addReaction(makeReaction(comment, "👍", ada))
            yield* comments.addReaction(makeReaction(replies[i]!, "👍", ada))
          }

          yield* spaces.purge(gone)

          for (const [i, comment] of threads.slice(0, 2).entries()) {
            const place = { spaceId: gone, changeRequestId: comment.changeRequestId }
            expect(yield* comments.findById(place, comment.id)).toStrictEqual(Option.none())
            expect(yield* comments.findReply(gone, comment.id, replies[i]!.id)).toStrictEqual(Option.none())
            expect(yield* comments.listReplies(gone, comment.id, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
            expect(yield* comments.reactions(gone, [comment.id, replies[i]!.id])).toStrictEqual([])
            expect(yield* comments.commenters(place, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
          }
          expect(yield* comments.countOpen(gone, [null, changeRequest.id])).toStrictEqual(new Map())
          const other = threads[2]!
          expect(yield* comments.findById({ spaceId: kept, changeRequestId: null }, other.id)).toStrictEqual(Option.some(other))
          expect(yield* comments.findReply(kept, other.id, replies[2]!.id)).toStrictEqual(Option.some(replies[2]))
          expect(yield* comments.reactions(kept, [other.id, replies[2]!.id])).toHaveLength(2)
          expect(yield* comments.countOpenInSpaces([gone, kept])).toStrictEqual(new Map([[kept, 1]]))
        })
      )

      it.effect("purging a space removes its site spaces from every site, and leaves the sites and other site spaces alone", () =>
        Effect.gen(function* () {
          const spaces = yield* SpaceRepository
          const sites = yield* SiteRepository
          const gone = yield* storedSpace
          const kept = yield* storedSpace
          const organizationId = yield* storedOrganization
          const site = makeSite(organizationId)
          const another = makeSite(organizationId)
          const section = makeSection(site.id)
          const atRoot = makeSiteSpace(site.id, gone)
          const inSection = makeSiteSpace(site.id, gone, { sectionId: section.id })
          const survivor = makeSiteSpace(site.id, kept, { sectionId: section.id })
          const elsewhere = makeSiteSpace(another.id, gone)
          for (const s of [site, another]) yield* sites.insert(s)
          yield* sites.writeStructure(site.id, {
            put: { sections: [section], groups: [], siteSpaces: [atRoot, inSection, survivor] },
            deleteSections: [],
            deleteGroups: [],
            deleteSiteSpaces: []
          })
          yield* sites.writeStructure(another.id, {
            put: { sections: [], groups: [], siteSpaces: [elsewhere] },
            deleteSections: [],
            deleteGroups: [],
            deleteSiteSpaces: []
          })

          yield* spaces.purge(gone)

          expect(yield* sites.structure(site.id)).toStrictEqual({ sections: [section], groups: [], siteSpaces: [survivor] })
          expect(yield* sites.structure(another.id)).toStrictEqual({ sections: [], groups: [], siteSpaces: [] })
          expect(yield* sites.countSiteSpaces([site.id, another.id])).toStrictEqual(new Map([[site.id, 1]]))
          const first = { after: undefined, limit: 5 }
          expect(yield* sites.list(organizationId, { spaceId: gone }, first)).toStrictEqual({ rows: [], count: 0 })
          expect(yield* sites.list(organizationId, { spaceId: kept }, first)).toStrictEqual({ rows: [site], count: 1 })
          expect(yield* sites.findById(another.id)).toStrictEqual(Option.some(another))
        })
      )
    })
  })
