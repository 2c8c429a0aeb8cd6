/**
 * Comments against a plain model: random sequences of post / reply / edit / resolve / reopen /
 * react / delete by members of different roles keep every comment's status, reply count and
 * reactions, the space's open-comment count and each caller's `permissions` equal to the
 * model's, and each write succeeds exactly when the model says the caller may make it (a refused
 * one changes nothing).
 */
import { describe, expect, it } from "@effect/vitest"
import { type CommentId, Comments, ContentScope, Ids, QuireCore, Spaces, type SpaceId, type UserRecord } from "@quire/core"
import { Effect, FastCheck as fc, Layer } from "effect"
import { PersistentMapsLive } from "../../packages/core/src/content/store/index.js"
import { memoryStorage } from "../support/memory.js"
import { addMember, as, newOrganization, newUser } from "../support/content.js"

const layer = () =>
  QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(
    Layer.provideMerge(PersistentMapsLive.pipe(Layer.provideMerge(Layer.merge(memoryStorage, Ids.random))))
  )

/** 0: the organization's admin, 1 and 2: `comment` members, 3: a `read` member. */
const ROLES = ["admin", "comment", "comment", "read"] as const
const actor = fc.integer({ min: 0, max: ROLES.length - 1 })
const pick = fc.nat({ max: 50 })
const EMOJI = ["👍", "🎉", "🇫🇷"] as const

const step = fc.oneof(
  fc.record({ kind: fc.constant("post" as const), actor }),
  fc.record({ kind: fc.constant("reply" as const), actor, comment: pick }),
  fc.record({ kind: fc.constant("edit" as const), actor, comment: pick }),
  fc.record({ kind: fc.constant("resolve" as const), actor, comment: pick, resolved: fc.boolean() }),
  fc.record({
    kind: fc.constant("react" as const),
    actor,
    comment: pick,
    emoji: fc.constantFrom(...EMOJI),
    add: fc.boolean()
  }),
  fc.record({ kind: fc.constant("delete" as const), actor, comment: pick })
)

interface ModelComment {
  readonly author: number
  status: "open" | "resolved"
  replies: number
  readonly reactions: Map<string, Set<number>>
}

const canTalk = (who: number) => ROLES[who] !== "read"
const mayEdit = (who: number, c: ModelComment) => canTalk(who) && c.author === who
const mayDelete = (who: number, c: ModelComment) => (canTalk(who) && c.author === who) || ROLES[who] === "admin"

describe("comments against a model", () => {
  it.effect("counts, statuses, reactions and permissions follow the model", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) =>
          Effect.runPromise(
            Effect.gen(function* () {
              const admin = yield* newUser("Ada")
              const org = yield* newOrganization(admin)
              const people: Array<UserRecord> = [admin]
              for (const role of ROLES.slice(1)) {
                const user = yield* newUser(role)
                yield* addMember(org, user, role)
                people.push(user)
              }
              const spaceId = (yield* as(admin)((yield* Spaces).create(org, {}))).id as SpaceId
              const scope = ContentScope.Space({ spaceId })
              const comments = yield* Comments
              const ids: Array<CommentId> = []
              const model = new Map<CommentId, ModelComment>()
              const target = (n: number) => (ids.length === 0 ? undefined : ids[n % ids.length]!)

              for (const s of steps) {
                const who = people[s.actor]!
                const run = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.either(as(who)(effect))
                if (s.kind === "post") {
                  const result = yield* run(comments.post(scope, { body: { markdown: `note ${ids.length}` } }))
                  expect(result._tag === "Right").toBe(canTalk(s.actor))
                  if (result._tag === "Right") {
                    ids.push(result.right.id)
                    model.set(result.right.id, { author: s.actor, status: "open", replies: 0, reactions: new Map() })
                  }
                  continue
                }
                const id = target(s.comment)
                if (id === undefined) continue
                const m = model.get(id)
                if (s.kind === "reply") {
                  const result = yield* run(comments.reply(scope, id, { body: { markdown: "re" } }))
                  expect(result._tag === "Right").toBe(m !== undefined && canTalk(s.actor))
                  if (m !== undefined && result._tag === "Right") m.replies++
                } else if (s.kind === "edit") {
                  const result = yield* run(comments.update(scope, id, { body: { markdown: "edited" } }))
                  expect(result._tag === "Right").toBe(m !== undefined && mayEdit(s.actor, m))
                } else if (s.kind === "resolve") {
                  const result = yield* run(comments.update(scope, id, { resolved: s.resolved }))
                  expect(result._tag === "Right").toBe(m !== undefined && canTalk(s.actor))
                  if (m !== undefined && result._tag === "Right") m.status = s.resolved ? "resolved" : "open"
                } else if (s.kind === "react") {
                  const change = s.add ? { addedReactions: [s.emoji] } : { removedReactions: [s.emoji] }
                  const result = yield* run(comments.update(scope, id, change))
                  expect(result._tag === "Right").toBe(m !== undefined && canTalk(s.actor))
                  if (m !== undefined && result._tag === "Right") {
                    const users = m.reactions.get(s.emoji) ?? new Set<number>()
                    if (s.add) users.add(s.actor)
                    else users.delete(s.actor)
                    m.reactions.set(s.emoji, users)
                  }
                } else {
                  const result = yield* run(comments.remove(scope, id))
                  if (m === undefined) {
                    // Already gone: the official 204 for whoever may comment.
                    expect(result._tag).toBe(canTalk(s.actor) ? "Right" : "Left")
                    if (result._tag === "Right") expect(result.right).toBe(false)
                  } else {
                    expect(result._tag === "Right").toBe(mayDelete(s.actor, m))
                    if (result._tag === "Right") model.delete(id)
                  }
                }
              }

              // The stored state, as every member sees it, equals the model.
              const open = [...model.values()].filter((c) => c.status === "open").length
              expect((yield* as(admin)((yield* Spaces).get(spaceId))).comments).toBe(open)
              for (const [index, person] of people.entries()) {
                const page = yield* as(person)(comments.list(scope, { limit: 1000 }))
                expect(page.count).toBe(model.size)
                for (const comment of page.items) {
                  const m = model.get(comment.id)!
                  expect(comment.status).toBe(m.status)
                  expect(comment.replies).toBe(m.replies)
                  const reactions = Object.fromEntries(comment.reactions.map((r) => [r.emoji, r.count]))
                  const expected = Object.fromEntries([...m.reactions].filter(([, u]) => u.size > 0).map(([e, u]) => [e, u.size]))
                  expect(reactions).toEqual(expected)
                  expect(comment.permissions).toEqual({
                    view: true,
                    edit: mayEdit(index, m),
                    reply: canTalk(index),
                    delete: mayDelete(index, m)
                  })
                }
              }
            }).pipe(Effect.provide(layer()))
          )
        ),
        { numRuns: 40 }
      )
    )
  )
})
