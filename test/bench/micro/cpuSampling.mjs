/**
 * `node --experimental-websocket test/bench/micro/cpuSampling.mjs <port> <seconds> <out.cpuprofile>`:
 * a CPU profile, over the inspector, of a process started with `--inspect=<port>`, for `seconds`
 * (unlike `--cpu-prof`, it leaves out start-up and warm-up). `cpuProfileReport.ts` reads it.
 */
import { writeFileSync } from "node:fs"
const [port, seconds, out] = process.argv.slice(2)
const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
const ws = new WebSocket(list[0].webSocketDebuggerUrl)
await new Promise((r) => ws.addEventListener("open", r))
let id = 0
const pending = new Map()
ws.addEventListener("message", (e) => {
  const m = JSON.parse(e.data)
  if (m.id && pending.has(m.id)) {
    pending.get(m.id)(m)
    pending.delete(m.id)
  }
})
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })) })
await send("Profiler.enable")
await send("Profiler.setSamplingInterval", { interval: 100 })
await send("Profiler.start")
await new Promise((r) => setTimeout(r, Number(seconds) * 1000))
const { result } = await send("Profiler.stop")
writeFileSync(out, JSON.stringify(result.profile))
ws.close()
