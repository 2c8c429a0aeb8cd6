import { networkInterfaces } from "node:os"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "../e2e/support/server.js"
import { getUser, startServerWith } from "./cliServer.js"

/** An IPv4 address of this machine other than loopback, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && !address.internal && address.family === "IPv4")?.address

let local: RunningServer
let everywhere: RunningServer

beforeAll(async () => {
  // One after the other: each takes its environment from process.env while it starts.
  local = await startServerWith({ HOST: "127.0.0.1", AUTH_FAILURES_PER_MINUTE: "2", TOKEN_REQUESTS_PER_MINUTE: "3" })
  everywhere = await startServerWith({})
})

afterAll(async () => {
  await Promise.all([local?.stop(), everywhere?.stop()])
})

/** The first admin's token, printed once on an empty database. */
const firstToken = (server: RunningServer) => /^\s+(quire_\S+)$/m.exec(server.output())![1]!

const reachable = (server: RunningServer, host: string) =>
  fetch(`http://${host}:${new URL(server.url).port}/v1/`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => "refused"
  )

describe("quire serve", () => {
  it.skipIf(outside === undefined)("listens on every interface by default, and on HOST alone when set", async () => {
    expect(await reachable(everywhere, outside!)).toBe(200)
    expect(await reachable(local, "127.0.0.1")).toBe(200)
    expect(await reachable(local, outside!)).toBe("refused")
    expect(local.output()).toMatch(/Quire listening on http:\/\/127\.0\.0\.1:/)
  })

  it("enforces TOKEN_REQUESTS_PER_MINUTE, then AUTH_FAILURES_PER_MINUTE, with 429 and Retry-After", async () => {
    const token = firstToken(local)
    for (let n = 0; n < 3; n++) expect((await getUser(local, token)).status).toBe(200)
    const overBudget = await getUser(local, token)
    expect(overBudget.status).toBe(429)
    expect(Number(overBudget.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(Number(overBudget.headers.get("retry-after"))).toBeLessThanOrEqual(60)
    expect(await overBudget.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/API token/) } })

    expect((await getUser(local, "quire_wrong1")).status).toBe(401)
    expect((await getUser(local, "quire_wrong2")).status).toBe(401)
    const blocked = await getUser(local, "quire_wrong3")
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/)
    expect(await blocked.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/failed authentications/) } })
  })
})
