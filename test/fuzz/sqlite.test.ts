import { describe } from "@effect/vitest"
import { startServer } from "../e2e/support/server.js"
import { fuzzSuite } from "./fuzzSuite.js"

describe("fuzz: SQLite", () => {
  fuzzSuite("sqlite", async () => {
    const server = await startServer({ env: { QUIRE_FETCH_ALLOW: "127.0.0.1" } })
    return { server, release: server.stop }
  })
})
