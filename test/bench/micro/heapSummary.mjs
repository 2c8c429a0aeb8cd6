/**
 * `node --experimental-websocket test/bench/micro/heapSummary.mjs <port> <out.txt>`: a heap
 * snapshot, over the inspector, of a process started with `--inspect=<port>`, summed by what each
 * object is (V8's type and constructor or string kind): count and bytes, largest first. What a
 * full collection has to mark is every object in it. gcExperiment.ts takes one after its warm-up
 * with EXP_PROFILE=snapshot.
 */
import { writeFileSync } from "node:fs"
const [port, out] = process.argv.slice(2)
const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
const ws = new WebSocket(list[0].webSocketDebuggerUrl)
await new Promise((r) => ws.addEventListener("open", r))
let id = 0
const pending = new Map()
const chunks = []
ws.addEventListener("message", (e) => {
  const m = JSON.parse(e.data)
  if (m.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(m.params.chunk)
  else if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id) }
})
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })) })
await send("HeapProfiler.enable")
await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false })
ws.close()
const snapshot = JSON.parse(chunks.join(""))
const meta = snapshot.snapshot.meta
const fields = meta.node_fields.length
const types = meta.node_types[0]
const at = (name) => meta.node_fields.indexOf(name)
const [typeAt, nameAt, sizeAt] = [at("type"), at("name"), at("self_size")]
const { nodes, strings } = snapshot
const groups = new Map()
let total = 0
for (let n = 0; n < nodes.length; n += fields) {
  const type = types[nodes[n + typeAt]]
  const name = strings[nodes[n + nameAt]]
  const key = type === "object" || type === "closure" || type === "hidden" || type === "array" || type === "native" ? `${type} ${name.slice(0, 60)}` : type
  const size = nodes[n + sizeAt]
  total += size
  const group = groups.get(key) ?? { count: 0, size: 0 }
  group.count++
  group.size += size
  groups.set(key, group)
}
let text = `${(nodes.length / fields).toLocaleString()} objects, ${(total / 1e6).toFixed(1)} MB\n`
for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, Number(process.env.HEAP_SUMMARY_ROWS ?? 80)))
  text += `${(g.size / 1e6).toFixed(2).padStart(8)} MB ${String(g.count).padStart(9)}  ${key}\n`
writeFileSync(out, text)
