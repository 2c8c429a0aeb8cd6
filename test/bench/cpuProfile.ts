import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** `node_modules/.pnpm/effect@3.22.4/node_modules/effect/dist/…` -> `effect`; our own files by folder. */
const origin = (url: string): string => {
  if (url === "") return "(native)"
  const modules = url.lastIndexOf("node_modules/")
  if (modules >= 0) {
    const parts = url.slice(modules + "node_modules/".length).split("/")
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  if (url.startsWith("node:")) return "node"
  const quire = /\/(packages|adapters)\/([^/]+)\//.exec(url)
  return quire ? `${quire[1]}/${quire[2]}` : url
}

const top = (totals: Map<string, number>, all: number, n: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `  ${((100 * us) / all).toFixed(1).padStart(5)}%  ${name}`)

const busyMicros = (profile: CpuProfile): number => {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id))
  return profile.samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (profile.timeDeltas[i] ?? 0)), 0)
}

/**
 * Self time in the busiest thread's V8 CPU profile in `dir` (the main thread; tsx's loader
 * thread writes one too), by package and by function, as shares of the busy (not idle) time.
 * It covers the server's whole life (start-up, warm-up, the measured run, the list walk), so
 * it says where time goes, not exact shares of one request.
 */
export const summarizeCpuProfiles = (dir: string): string => {
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => ({ file: join(dir, f), profile: JSON.parse(readFileSync(join(dir, f), "utf8")) as CpuProfile }))
    .map((p) => ({ ...p, busy: busyMicros(p.profile) }))
    .sort((a, b) => b.busy - a.busy)
  const busiest = profiles[0]
  if (!busiest) return `No .cpuprofile in ${dir}: did Quire stop gracefully?`
  const { profile } = busiest
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byFunction = new Map<string, number>()
  const byOrigin = new Map<string, number>()
  let idle = 0
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame
    const us = profile.timeDeltas[i] ?? 0
    if (frame.functionName === "(idle)") {
      idle += us
      return
    }
    const file = frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(packages|adapters|test)\//, "$1/")
    const name = `${frame.functionName || "(anonymous)"}${frame.url === "" ? "" : ` ${file}:${frame.lineNumber + 1}`}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    byOrigin.set(origin(frame.url), (byOrigin.get(origin(frame.url)) ?? 0) + us)
  })
  return [
    `CPU profile of Quire: ${busiest.file}: ${(busiest.busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`,
    "Self time by package (share of busy time):",
    ...top(byOrigin, busiest.busy, 12),
    "Self time by function (share of busy time):",
    ...top(byFunction, busiest.busy, 30)
  ].join("\n")
}
