import { ApiTokens, QuireCore, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "../e2e/support/server.js"
import { getUser, runCli, startServerWith } from "./cliServer.js"

let server: RunningServer

beforeAll(async () => {
  server = await startServerWith({})
})

afterAll(async () => {
  await server?.stop()
})

/** Users with tokens, made in this process on the server's database (faster than a CLI run each). */
const usersWithTokens = (names: ReadonlyArray<string>, tokensEach = 1) =>
  Effect.runPromise(
    Effect.forEach(names, (name) =>
      Effect.gen(function* () {
        const user = yield* (yield* Users).create({ email: `${name}@revoke.test`, displayName: name })
        const tokens = yield* ApiTokens
        return yield* Effect.forEach(Array.from({ length: tokensEach }), () => tokens.issue(user.id, "test"))
      })
    ).pipe(
      Effect.provide(
        QuireCore.layer({ publicUrl: server.url }).pipe(
          Layer.provide(SqliteStorage.layer({ filename: server.env.DATABASE_URL!.slice("sqlite:".length) }))
        )
      )
    )
  )

const revokedCount = (stdout: string) => (JSON.parse(stdout.trim().split("\n").pop()!) as { revoked: number }).revoked

/** Milliseconds until `GET /v1/user` with `token` answers 401 (polled); fails past `withinMillis`. */
const millisUntilRefused = async (token: string, withinMillis: number) => {
  const start = Date.now()
  while (Date.now() - start < withinMillis) {
    if ((await getUser(server, token)).status === 401) return Date.now() - start
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`still accepted after ${withinMillis} ms`)
}

describe("quire tokens revoke", () => {
  it("--token (or --token - on stdin) and --email remove tokens; the running server refuses them within its 5-second memory", async () => {
    const [[ada], [bob], eves, [carl]] = (await usersWithTokens(["ada", "bob"]))
      .concat(await usersWithTokens(["eve"], 2))
      .concat(await usersWithTokens(["carl"])) as [[string], [string], Array<string>, [string]]
    for (const token of [ada, bob, ...eves, carl]) expect((await getUser(server, token)).status).toBe(200)

    const byToken = await runCli(server.env, ["tokens", "revoke", "--token", ada])
    expect(byToken).toMatchObject({ code: 0 })
    expect(revokedCount(byToken.stdout)).toBe(1)
    // The server's memory of the token lasts 5 s from its last lookup; then the lookup finds nothing.
    expect(await millisUntilRefused(ada, 7_000)).toBeLessThanOrEqual(6_000)

    const fromStdin = await runCli(server.env, ["tokens", "revoke", "--token", "-"], `${bob}\n`)
    expect(revokedCount(fromStdin.stdout)).toBe(1)
    const byEmail = await runCli(server.env, ["tokens", "revoke", "--email", "eve@revoke.test"])
    expect(revokedCount(byEmail.stdout)).toBe(2)
    for (const token of [bob, ...eves]) await millisUntilRefused(token, 7_000)
    expect((await getUser(server, carl)).status).toBe(200)
  })

  it("needs exactly one of --token and --email", async () => {
    const both = await runCli(server.env, ["tokens", "revoke", "--token", "x", "--email", "y@revoke.test"])
    expect(both.code).toBe(1)
    expect(both.stderr).toMatch(/Give either --token or --email/)
  })
})
