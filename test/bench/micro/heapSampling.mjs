/**
 * `node --experimental-websocket test/bench/micro/heapSampling.mjs <port> <seconds> <all|promoted|live> <out.txt>`:
 * a sampling heap profile, over the inspector, of a process started with `--inspect=<port>`, for
 * `seconds`; writes the allocation sites by size, and their innermost six frames. `all`: what was
 * allocated; `promoted`: only what outlived the young generation (dropped by no scavenge), which
 * is what fills the old generation and makes the full collections that set a server's p99.
 * `live`: only what was still alive, after a full collection, at the end (under load: the requests
 * in flight, and whatever outlives them).
 * gcExperiment.ts runs it for its first round with EXP_PROFILE=all|promoted|live.
 */
import { writeFileSync } from "node:fs"
const [port, seconds, mode, out] = process.argv.slice(2)
const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
const ws = new WebSocket(list[0].webSocketDebuggerUrl)
await new Promise((r) => ws.addEventListener("open", r))
let id = 0; const pending = new Map()
ws.addEventListener("message", (e) => { const m = JSON.parse(e.data); if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id) } })
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })) })
await send("HeapProfiler.enable")
const live = mode === "live"
await send("HeapProfiler.startSampling", { samplingInterval: 2048, includeObjectsCollectedByMinorGC: mode === "all", includeObjectsCollectedByMajorGC: !live })
await new Promise((r) => setTimeout(r, Number(seconds) * 1000))
if (live) await send("HeapProfiler.collectGarbage")
// Stopping makes a full collection, which would count the young generation's garbage as
// collected by it: a young collection first drops it (the server needs --expose-gc).
if (mode === "promoted") await send("Runtime.evaluate", { expression: "typeof gc === 'function' && gc({ type: 'minor' })" })
const { result } = await send("HeapProfiler.stopSampling")
const self = new Map(); const stacks = new Map()
const walk = (node, path) => {
  const cf = node.callFrame
  const name = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\/\.pnpm\//, "").replace(/.*\/work\/main\//, "")}:${cf.lineNumber + 1}`
  const p = [...path, name]
  if (node.selfSize > 0) {
    self.set(name, (self.get(name) ?? 0) + node.selfSize)
    const key = p.slice(-6).join(" < ")
    stacks.set(key, (stacks.get(key) ?? 0) + node.selfSize)
  }
  for (const c of node.children) walk(c, p)
}
walk(result.profile.head, [])
const total = [...self.values()].reduce((a, b) => a + b, 0)
let text = `total ${(total / 1e6).toFixed(1)} MB in ${seconds}s (${mode})\n`
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 60)) text += `${(v / 1e6).toFixed(2).padStart(8)} MB ${(100 * v / total).toFixed(1).padStart(5)}%  ${k}\n`
text += "\n--- stacks (innermost last)\n"
for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 40)) text += `${(v / 1e6).toFixed(2).padStart(8)} MB  ${k.split(" < ").reverse().join("  <  ")}\n`
writeFileSync(out, text)
ws.close()
