import { defineConfig } from "vitest/config"

// Dependencies load as in production (the `production` export condition, not `development`): the
// suite runs the code users run. Under `development`, micromark's packages assert their own
// internals (`devlop`) and throw on inputs production parses, such as a task-list marker after an
// empty list item, which the markdown properties found. Nothing in Quire reads NODE_ENV.
process.env.NODE_ENV = "production"

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "adapters/*/test/**/*.test.ts", "test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    sequence: { concurrent: false },
    // Under CI also a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "node_modules/.cache/vitest-results.json" }]] : ["default"]
  }
})
