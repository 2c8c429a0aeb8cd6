/**
 * `taskset -c 0 node --import tsx test/bench/micro/cpuSteadiness.ts`: how steady this CPU is
 * before a bench's verdict is read (`hostSteadiness.ts`; the search bench takes it itself).
 *   STEADY_ROUNDS=<n>  how many times (4000)
 */
import { describeSteadiness, measureSteadiness } from "../hostSteadiness.js"

console.log(describeSteadiness(measureSteadiness(Number(process.env.STEADY_ROUNDS ?? 4_000))))
