import { setFlagsFromString } from "node:v8"

/**
 * Imported first by `main.ts`, so that it runs before anything else allocates.
 *
 * V8 "pretenures" an object-literal or array-literal allocation site when nearly all of its
 * objects outlive a young collection: from then on, that site allocates straight into the old
 * generation, for the rest of the process. While the server starts, the young generation is
 * small and collected every few milliseconds, so sites on every request's path look long-lived
 * and are pretenured (19 in one run, most in the first 4 s; none undone). In a steady state their
 * objects are per-request garbage in the old generation, and everything young they point at
 * (the request's fiber, context and statement) is kept by the young collector until it is
 * promoted too: on Postgres, ~1.15 MB a young collection, ~9 MB/s at ~6k req/s, and a full
 * collection every 10-30 s (the p99). Without pretenuring: 0 MB promoted, young pauses
 * 5.4 -> 3.0 ms (`test/bench/micro/gcExperiment.ts`, docs/performance.md).
 *
 * Set here, before the server's code is loaded, it did what `node --no-allocation-site-pretenuring`
 * does (measured: 0.00 MB promoted per young collection either way); `NODE_OPTIONS` does not
 * accept that flag, so `quire` sets it itself, however it is started.
 */
setFlagsFromString("--no-allocation-site-pretenuring")
