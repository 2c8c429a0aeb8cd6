import { describe, expect, it } from "@effect/vitest"
import { SecretSeal } from "@quire/core"
import { Effect, Option } from "effect"
import fc from "fast-check"

const sealWith = (secret: string | undefined) => Effect.provide(SecretSeal, SecretSeal.layer(secret))

describe("SecretSeal", () => {
  it.effect("opens what it sealed, and the sealed text does not contain it", () =>
    Effect.gen(function* () {
      const seal = yield* sealWith("k".repeat(32))
      fc.assert(
        fc.property(fc.string({ minLength: 4 }), (plain) => {
          const sealed = seal.seal(plain)
          expect(sealed).not.toContain(plain)
          expect(seal.open(sealed)).toStrictEqual(Option.some(plain))
        })
      )
    })
  )

  it.effect("the same secret opens it on another server; another secret, a change or garbage does not", () =>
    Effect.gen(function* () {
      const here = yield* sealWith("k".repeat(32))
      const there = yield* sealWith("k".repeat(32))
      const other = yield* sealWith("o".repeat(32))
      const sealed = here.seal('{"username":"ada","password":"secret"}')
      expect(there.open(sealed)).toStrictEqual(Option.some('{"username":"ada","password":"secret"}'))
      expect(other.open(sealed)).toStrictEqual(Option.none())
      const [version, iv, body, tag] = sealed.split(".")
      const flipped = `${body![0] === "A" ? "B" : "A"}${body!.slice(1)}`
      expect(here.open([version, iv, flipped, tag].join("."))).toStrictEqual(Option.none())
      expect(here.open("not sealed")).toStrictEqual(Option.none())
      // Without a secret, each process has its own random key.
      const unset = yield* sealWith(undefined)
      expect(unset.open(sealed)).toStrictEqual(Option.none())
    })
  )
})
