/**
 * `tsx test/bench/micro/cpuProfileReport.ts <file.cpuprofile> [filter]`: self time by function
 * and inclusive time (each function counted once per sample, whatever its depth) of the
 * functions whose name or file contains `filter` (default: Quire's own packages), as shares of
 * the busy time. Inclusive time is what a function and everything it calls cost.
 */
import { readFileSync } from "node:fs"

interface Node {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly children?: ReadonlyArray<number>
}
const [file, filter = "/packages/|/adapters/"] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(file!, "utf8")) as { nodes: Array<Node>; samples: Array<number>; timeDeltas: Array<number> }
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const nameOf = (node: Node) => {
  const f = node.callFrame
  const where = f.url.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(/^file:\/\/.*?\/(packages|adapters|test)\//, "$1/")
  return `${f.functionName || "(anonymous)"}${f.url === "" ? "" : ` ${where}:${f.lineNumber + 1}`}`
}
const matches = new RegExp(filter)
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
let busy = 0
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!
  if (node.callFrame.functionName === "(idle)") return
  const us = profile.timeDeltas[i] ?? 0
  busy += us
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + us)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!
    const name = nameOf(frame)
    if (seen.has(name) || !(matches.test(frame.callFrame.url) || matches.test(frame.callFrame.functionName))) continue
    seen.add(name)
    inclusive.set(name, (inclusive.get(name) ?? 0) + us)
  }
})
const show = (title: string, totals: Map<string, number>, n: number) => {
  console.log(title)
  for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`)
}
console.log(`${(busy / 1e6).toFixed(2)} s busy`)
show("self time by function:", self, 40)
show(`inclusive time of /${filter}/:`, inclusive, 60)
