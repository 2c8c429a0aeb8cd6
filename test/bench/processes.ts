import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs"

/** A child process pinned to one CPU whose output goes to a log file, not through this process. */
export interface PinnedProcess {
  readonly name: string
  readonly pid: number
  readonly log: () => string
  readonly hasExited: () => boolean
  /** The exit code, or null while running or when ended by a signal. */
  readonly exitCode: () => number | null
  readonly exited: Promise<void>
  readonly stop: () => Promise<void>
}

const running = new Set<PinnedProcess>()
let stopping = false

/**
 * `taskset -c <cpu> <command...>`; taskset execs the command, so the pid is the command's.
 * `BENCH_UNPIN=1` gives every server both cores (`-c 0,1`), to see what the pinning costs.
 */
export const spawnPinned = (options: {
  readonly name: string
  readonly cpu: number
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
  readonly logFile: string
}): PinnedProcess => {
  if (stopping) throw new Error(`not starting ${options.name}: the run is stopping`)
  const fd = openSync(options.logFile, "w")
  const child: ChildProcess = spawn("taskset", ["-c", process.env.BENCH_UNPIN ? "0,1" : String(options.cpu), options.command, ...options.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", fd, fd]
  })
  closeSync(fd)
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  const log = () => {
    try {
      return readFileSync(options.logFile, "utf8")
    } catch {
      return ""
    }
  }
  const handle: PinnedProcess = {
    name: options.name,
    pid: child.pid ?? -1,
    log,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    exitCode: () => child.exitCode,
    exited,
    stop: async () => {
      running.delete(handle)
      if (handle.hasExited()) return
      child.kill("SIGTERM")
      // A graceful stop lets `--cpu-prof` write its profile; a stuck server is killed.
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
  running.add(handle)
  return handle
}

/** Stops every child still running: called on the way out, however the run ends. */
export const stopAll = async (): Promise<void> => {
  stopping = true
  await Promise.all([...running].map((p) => p.stop()))
}

/** Runs a pinned command to its end; its output (stdout and stderr) is read from its log file. */
export const runPinned = async (options: Parameters<typeof spawnPinned>[0]): Promise<{ code: number | null; output: string }> => {
  const process_ = spawnPinned(options)
  await process_.exited
  running.delete(process_)
  return { code: process_.exitCode(), output: process_.log() }
}

/** Resolves once `url` answers with any HTTP status; fails with the process log after `timeoutMs`. */
export const waitForHttp = async (process: PinnedProcess, url: string, timeoutMs = 90_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !process.hasExited()) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      return
    } catch {
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  const why = process.hasExited() ? "exited" : `did not answer at ${url} within ${timeoutMs} ms`
  throw new Error(`${process.name} ${why}. Its log:\n${process.log().slice(-4000)}`)
}

/** CPU time (user + system) a process has used so far, in ms, from `/proc/<pid>/stat` (clock ticks of 10 ms). */
export const cpuMillis = (pid: number): number => {
  const { user, system } = cpuMillisSplit(pid)
  return user + system
}

/** A `/proc/…/stat` text's name and user and system time in ms (the name, in parentheses, may hold `) `). */
const readStat = (path: string) => {
  const stat = readFileSync(path, "utf8")
  const close = stat.lastIndexOf(") ")
  const fields = stat.slice(close + 2).split(" ")
  return { name: stat.slice(stat.indexOf("(") + 1, close), user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 }
}

/** `cpuMillis` as user and system (kernel) time. */
export const cpuMillisSplit = (pid: number): { readonly user: number; readonly system: number } => {
  const { user, system } = readStat(`/proc/${pid}/stat`)
  return { user, system }
}

/** Each thread of a process: its id, name and CPU time (user + system) so far, in ms. */
export const threadCpuMillis = (pid: number): ReadonlyArray<{ readonly tid: string; readonly name: string; readonly ms: number }> =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    const { name, user, system } = readStat(`/proc/${pid}/task/${tid}/stat`)
    return { tid, name, ms: user + system }
  })

/**
 * Runs `work` with every thread of this process (its garbage collector's too) on `cpu`, as a
 * pinned server runs, then gives the threads back the CPUs they had: an in-process figure set
 * beside a server's gets the same machine. `BENCH_UNPIN=1` leaves the process as it is.
 */
export const withThisProcessPinned = async <A>(cpu: number, work: () => Promise<A>): Promise<A> => {
  if (process.env.BENCH_UNPIN) return work()
  const pid = String(process.pid)
  const mask = /([0-9a-f]+)\s*$/i.exec(execFileSync("taskset", ["-p", pid], { encoding: "utf8" }))?.[1]
  if (mask === undefined) throw new Error("bench: could not read this process's CPU affinity")
  execFileSync("taskset", ["-a", "-p", "-c", String(cpu), pid], { stdio: "ignore" })
  try {
    return await work()
  } finally {
    execFileSync("taskset", ["-a", "-p", mask, pid], { stdio: "ignore" })
  }
}

/**
 * Waits until the process has used under `quietMs` of CPU in each of two `windowMs` windows
 * in a row (at most `maxMs`): a server that has answered is still collecting what the answer
 * left (V8's collector threads, after a big import for a second or more), and whatever is timed
 * next on its CPU would pay for that.
 */
export const waitUntilQuiet = async (pid: number, { windowMs = 250, quietMs = 20, maxMs = 10_000 } = {}): Promise<number> => {
  const started = performance.now()
  const until = started + maxMs
  let quietWindows = 0
  let used = cpuMillis(pid)
  while (quietWindows < 2 && performance.now() < until) {
    await new Promise((done) => setTimeout(done, windowMs))
    const now = cpuMillis(pid)
    quietWindows = now - used < quietMs ? quietWindows + 1 : 0
    used = now
  }
  return performance.now() - started
}
