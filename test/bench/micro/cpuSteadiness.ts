/**
 * `taskset -c 0 node --import tsx test/bench/micro/cpuSteadiness.ts`: how steady this CPU is
 * before a bench's verdict is read. Times one fixed piece of work (a loop of ~0.1 ms) 4,000
 * times and prints the fastest, the median, the p99 and how many took over 1.5 × the fastest.
 * On a quiet machine nearly none do; on a VM whose host is busy, a third to a half of them can
 * (docs/performance.md, session 17), and every latency the bench takes moves with it.
 *   STEADY_ROUNDS=<n>  how many times (4000)
 */
import { nearestRank } from "../search/latency.js"

const rounds = Number(process.env.STEADY_ROUNDS ?? 4_000)
const LOOP = 400_000

/** The work: additions the JIT cannot drop (the sum is returned and printed). */
const work = (): number => {
  let sum = 0
  for (let i = 0; i < LOOP; i++) sum = (sum + i) | 0
  return sum
}

let sink = 0
for (let i = 0; i < 200; i++) sink ^= work()
const times: Array<number> = []
for (let i = 0; i < rounds; i++) {
  const start = performance.now()
  sink ^= work()
  times.push(performance.now() - start)
}
const sorted = [...times].sort((a, b) => a - b)
const fastest = sorted[0]!
const slow = times.filter((t) => t > 1.5 * fastest).length
console.log(
  `fastest ${fastest.toFixed(3)} ms, median ${nearestRank(sorted, 50).toFixed(3)}, p99 ${nearestRank(sorted, 99).toFixed(3)}, ` +
    `${slow} of ${rounds} over 1.5 × the fastest (${((100 * slow) / rounds).toFixed(1)} %) [${sink & 1}]`
)
