/**
 * `tsx test/bench/micro/mapLog.ts <v8.log> [seconds]`: where a process made hidden classes
 * (V8 maps) in the last `seconds` (2) of a log written with
 * `--log-maps --no-log-maps-details --logfile=<v8.log> --no-logfile-per-isolate`: each site's
 * count, by kind and reason, with the function and the source position V8 gives. Under load a
 * server should make none per request; a site whose count is the number of requests served is
 * code that makes new shapes per call (a generator function made per call, an object given a
 * fresh prototype), and every such map and its descriptors is made in the old generation.
 *   gcExperiment.ts writes such a log: EXP_FLAGS="--log-maps --no-log-maps-details --logfile=/tmp/maps.log --no-logfile-per-isolate"
 */
import { createReadStream } from "node:fs"
import { createInterface } from "node:readline"

const [file, secondsArgument] = process.argv.slice(2)
if (file === undefined) throw new Error("usage: mapLog.ts <v8.log> [seconds]")
const windowUs = Number(secondsArgument ?? 2) * 1_000_000

interface Code {
  readonly start: number
  readonly end: number
  readonly name: string
}
const codes: Array<Code> = []
const events: Array<{ readonly time: number; readonly key: string; readonly pc: number }> = []
let last = 0
for await (const line of createInterface({ input: createReadStream(file) })) {
  const fields = line.split(",")
  if (fields[0] === "code-creation") {
    const start = Number.parseInt(fields[4] ?? "", 16)
    if (Number.isFinite(start)) codes.push({ start, end: start + Number(fields[5]), name: (fields[6] ?? "").trim() })
  } else if (fields[0] === "map") {
    // map,<kind>,<time µs>,<from>,<to>,<pc>,<line>,<column>,<reason>,<name>
    const time = Number(fields[2])
    last = Math.max(last, time)
    events.push({ time, pc: Number.parseInt(fields[5] ?? "", 16), key: `${fields[1]} ${fields[8] ?? ""} at ${fields[6]}:${fields[7]}` })
  }
}
codes.sort((a, b) => a.start - b.start)
const codeAt = (pc: number): string => {
  let low = 0
  let high = codes.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const code = codes[middle]!
    if (pc < code.start) high = middle - 1
    else if (pc >= code.end) low = middle + 1
    else return code.name
  }
  return "?"
}
const counts = new Map<string, number>()
for (const event of events) {
  if (event.time < last - windowUs) continue
  const key = `${event.key} in ${codeAt(event.pc)}`
  counts.set(key, (counts.get(key) ?? 0) + 1)
}
for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${String(count).padStart(8)}  ${key}`)
