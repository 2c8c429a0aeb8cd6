import { parseDatabaseUrl, storageLayer } from "@quire/cli"
import { ApiTokens, QuireCore, Users } from "@quire/core"
import { Effect, Layer } from "effect"
import type { RunningServer } from "../e2e/support/server.js"

type Person = "admin" | "member" | "outsider"

/** The users every world is made of, made once per server. */
export interface People {
  readonly tokens: Readonly<Record<Person, string>>
  readonly ids: Readonly<Record<Person, string>>
  /** The admin's and the member's e-mail domain (the outsider's is another). */
  readonly emailDomain: string
}

const emails: Readonly<Record<Person, string>> = {
  admin: "admin@fuzz.test",
  member: "member@fuzz.test",
  outsider: "outsider@elsewhere.test"
}

const makePerson = (person: Person) =>
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: emails[person], displayName: person })
    const token = yield* (yield* ApiTokens).issue(user.id, "fuzz")
    return { id: user.id as string, token }
  })

/**
 * Makes the people with the core services on the server's own database, as `quire users
 * create` does, without a process per user (each costs seconds on a busy machine).
 */
export const makePeople = (server: RunningServer): Promise<People> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const storage = storageLayer(yield* parseDatabaseUrl(server.env.DATABASE_URL ?? ""))
      const { admin, member, outsider } = yield* Effect.all({
        admin: makePerson("admin"),
        member: makePerson("member"),
        outsider: makePerson("outsider")
      }).pipe(Effect.provide(QuireCore.layer({ publicUrl: server.url }).pipe(Layer.provide(storage))))
      return {
        tokens: { admin: admin.token, member: member.token, outsider: outsider.token },
        ids: { admin: admin.id, member: member.id, outsider: outsider.id },
        emailDomain: "fuzz.test"
      }
    })
  )
