import { describe, expect, it } from "@effect/vitest"
import { type DomainError, MemberRepository, Organizations, type OrganizationId } from "@quire/core"
import { Effect, Exit, FastCheck as fc, Option, TestClock } from "effect"
import { walkPages } from "../support/pagination.js"
import { as, newMember, newOrganization, newUser, newWorld, peopleLayer } from "../support/people.js"

/** The tag and field of a failure, for comparing outcomes. */
const failure = <A>(exit: Exit.Exit<A, DomainError>) =>
  Exit.isFailure(exit)
    ? Option.match(Exit.causeOption(exit).pipe(Option.flatMap((c) => Option.fromNullable((c as any).error))), {
        onNone: () => "defect",
        onSome: (e: any) => (e.field ? `${e._tag}:${e.field}` : e._tag)
      })
    : "success"

describe("Organizations", () => {
  it.layer(peopleLayer)((it) => {
    it.effect("the creator becomes the only admin and sees every organization permission", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const ada = yield* newUser("Ada")
        const created = yield* as(ada)(organizations.create({ title: "Acme", emailDomains: ["Example.COM"] }))
        expect(created.emailDomains).toEqual(["example.com"])
        expect(created.permissions.admin).toBe(true)
        const member = yield* Effect.flatMap(MemberRepository, (m) => m.find(created.id as OrganizationId, ada.id))
        expect(Option.getOrThrow(member).role).toBe("admin")
      })
    )

    it.effect("every field limit is InvalidInput naming the field, and writes nothing", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const ada = yield* newUser("Ada")
        const org = yield* newOrganization(ada, "Before")
        const bad: Array<[Record<string, unknown>, string]> = [
          [{ title: "A" }, "InvalidInput:title"],
          [{ title: "x".repeat(256) }, "InvalidInput:title"],
          [{ title: " padded " }, "InvalidInput:title"],
          [{ hostname: "ab" }, "InvalidInput:hostname"],
          [{ hostname: "x".repeat(33) }, "InvalidInput:hostname"],
          [{ emailDomains: ["not a domain"] }, "InvalidInput:emailDomains[0]"],
          [{ defaultRole: "owner" }, "InvalidInput:defaultRole"],
          [{ logo: "not a url" }, "InvalidInput:logo"],
          [{ inviteLinks: "yes" }, "InvalidInput:inviteLinks"],
          [{ defaultContent: { type: "site", site: "nope" } }, "InvalidInput:defaultContent.site"]
        ]
        for (const [input, expected] of bad) {
          expect(failure(yield* Effect.exit(as(ada)(organizations.update(org, { title: "After", ...input } as any))))).toBe(expected)
        }
        expect((yield* as(ada)(organizations.get(org))).title).toBe("Before")
        expect(failure(yield* Effect.exit(as(ada)(organizations.create({ title: "" }))))).toBe("InvalidInput:title")
      })
    )

    it.effect("only admins update; members are refused; outsiders cannot tell it exists", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const w = yield* newWorld
        expect(failure(yield* Effect.exit(as(w.outsider)(organizations.get(w.org))))).toBe("NotFound")
        expect(failure(yield* Effect.exit(as(w.outsider)(organizations.update(w.org, { title: "Mine" }))))).toBe("NotFound")
        for (const user of [w.creator, w.editor, w.reader, w.guest]) {
          const seen = yield* as(user)(organizations.get(w.org))
          const outcome = failure(yield* Effect.exit(as(user)(organizations.update(w.org, { ai: true }))))
          // What `permissions.admin` says is exactly what the service allows.
          expect(outcome).toBe(seen.permissions.admin ? "success" : "Forbidden")
        }
        const updated = yield* as(w.admin)(organizations.update(w.org, { title: "Acme Inc", hostname: "acme", inviteLinks: false, logo: "https://example.com/logo.png" }))
        expect([updated.title, updated.hostname, updated.inviteLinks, updated.urls.logo]).toEqual(["Acme Inc", "acme", false, "https://example.com/logo.png"])
        const removed = yield* as(w.admin)(organizations.update(w.org, { logo: null }))
        expect(removed.urls.logo).toBeUndefined()
      })
    )

    it.effect("a hostname belongs to one organization", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const ada = yield* newUser("Ada")
        const one = yield* newOrganization(ada, "One")
        const two = yield* newOrganization(ada, "Two")
        yield* as(ada)(organizations.update(one, { hostname: "docs-one" }))
        expect(failure(yield* Effect.exit(as(ada)(organizations.update(two, { hostname: "docs-one" }))))).toBe("Conflict")
        yield* as(ada)(organizations.update(one, { hostname: "docs-one" }))
      })
    )

    it.effect("the e-mail-domain lookup answers only callers whose address is in the domain", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const ada = yield* newUser("Ada")
        const org = yield* as(ada)(organizations.create({ title: "Claims", emailDomains: ["example.com"] }))
        const stranger = yield* newUser("Stranger")
        expect((yield* as(stranger)(organizations.findByEmailDomain("EXAMPLE.com"))).map((o) => o.id)).toContain(org.id)
        expect(yield* as(stranger)(organizations.findByEmailDomain("other.org"))).toEqual([])
        expect(yield* as(ada)(organizations.findByEmailDomain("unclaimed.example"))).toEqual([])
      })
    )

    it.effect("a ping records when the member was last seen, on the Clock", () =>
      Effect.gen(function* () {
        const organizations = yield* Organizations
        const ada = yield* newUser("Ada")
        const org = yield* newOrganization(ada)
        yield* TestClock.setTime(Date.parse("2026-03-04T05:06:07.000Z"))
        yield* as(ada)(organizations.ping(org))
        const member = yield* Effect.flatMap(MemberRepository, (m) => m.find(org, ada.id))
        expect(Option.getOrThrow(member).lastSeenAt).toBe("2026-03-04T05:06:07.000Z")
        const outsider = yield* newUser("Out")
        expect(failure(yield* Effect.exit(as(outsider)(organizations.ping(org))))).toBe("NotFound")
      })
    )

    it.effect.prop(
      "listing my organizations walks every one exactly once, with the total as count",
      [fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 1000 })],
      ([n, limit]) =>
        Effect.gen(function* () {
          const organizations = yield* Organizations
          const me = yield* newUser("Me")
          const other = yield* newUser("Other")
          const mine = new Set<string>()
          for (let i = 0; i < n; i++) {
            const org = yield* newOrganization(i % 2 === 0 ? me : other, `Org ${i}`)
            if (i % 2 === 0) mine.add(org)
            else yield* newMember(org, other, "read").pipe(Effect.asVoid)
          }
          const pages = yield* walkPages((request) => as(me)(organizations.listMine(request)), limit)
          const ids = pages.flatMap((p) => p.items.map((o) => o.id))
          expect(ids.length).toBe(mine.size)
          expect(new Set(ids)).toEqual(mine)
          expect(pages.every((p) => p.count === mine.size)).toBe(true)
          expect(pages[pages.length - 1]!.next).toBeUndefined()
        }),
      { fastCheck: { numRuns: 20 } }
    )
  })
})
