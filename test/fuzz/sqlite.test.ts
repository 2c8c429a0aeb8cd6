import { describe } from "@effect/vitest"
import { startServer } from "../e2e/support/server.js"
import { fuzzSuite } from "./fuzzSuite.js"

describe("fuzz: SQLite", () => {
  fuzzSuite("sqlite", async () => {
    const server = await startServer()
    return { server, release: server.stop }
  })
})
