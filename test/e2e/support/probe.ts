import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { get as httpGet } from "node:http"

/** A GET on a connection of its own (a kept-alive one can be reset by a server that was held); answers its status. */
const get = (url: string, token: string) =>
  new Promise<number>((done, fail) => {
    const request = httpGet(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume()
      response.on("end", () => done(response.statusCode ?? 0))
      response.on("error", fail)
    })
    request.on("error", fail)
  })

/**
 * How long other requests wait while `work` runs: a cheap GET (`url`, with `token`) is sent
 * every `everyMillis`, one at a time, from before `work` starts until it ends (the last one
 * answered after it, if need be); answers the longest and the median wait seen and how many probes were sent.
 */
export const longestWaitDuring = async <A>(
  url: string,
  token: string,
  work: () => Promise<A>,
  everyMillis = 20
): Promise<{ readonly result: A; readonly longestMillis: number; readonly medianMillis: number; readonly probes: number }> => {
  let done = false
  let longest = 0
  const waits: Array<number> = []
  let probes = 0
  const probe = async () => {
    while (!done) {
      const started = performance.now()
      probes++
      const status = await get(url, token)
      if (status !== 200) throw new Error(`probe answered ${status}`)
      const waited = performance.now() - started
      waits.push(waited)
      longest = Math.max(longest, waited)
      await new Promise((resume) => setTimeout(resume, everyMillis))
    }
  }
  const probing = probe()
  // Let the first probe land before the work starts.
  await new Promise((resume) => setTimeout(resume, 100))
  let result: A
  try {
    result = await work()
  } finally {
    done = true
    await probing
  }
  waits.sort((a, b) => a - b)
  return { result, longestMillis: Math.round(longest), medianMillis: Math.round(waits[Math.floor(waits.length / 2)] ?? 0), probes }
}

/**
 * The peak resident memory (VmHWM) of the largest of a process and its descendants, in MB
 * (Linux: `ps` and /proc). `quire serve` under tsx is a child of the process started.
 */
export const peakResidentMegabytes = (pid: number): number => {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const tree = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const [child, parent] of rows) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
    }
  }
  const peaks = [...tree].map((id) => {
    try {
      const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1]
      return kb === undefined ? 0 : Number(kb) / 1024
    } catch {
      return 0
    }
  })
  return Math.round(Math.max(...peaks))
}
