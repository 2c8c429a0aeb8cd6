import { join, resolve } from "node:path"
import { type PinnedProcess, spawnPinned, waitForHttp } from "./processes.js"

const root = resolve(import.meta.dirname, "../..")
const QUIRE_MAIN = join(root, "packages/cli/src/main.ts")
/** `quire` as installed users run it: the JavaScript `pnpm build` emits, without tsx's loader. */
export const QUIRE_BUILT = join(root, "packages/cli/dist/main.js")
/** Picks each workspace package's `dist` build instead of its TypeScript source (their `exports`). */
export const BUILT_CONDITION = "--conditions=quire-built"

export interface ServerOptions {
  readonly port: number
  /** The base of every `url` in the JSON; the same for both servers, so that their bodies can be equal. */
  readonly publicUrl: string
  readonly cpu: number
  /** Directory for logs (and CPU profiles). */
  readonly dir: string
}

export interface RunningServer {
  readonly name: string
  readonly url: string
  readonly process: PinnedProcess
}

/**
 * Node runs the script in one process (no wrapper: one pid to pin): TypeScript through tsx's
 * loader, JavaScript as it is.
 */
const startTs = async (
  name: string,
  main: string,
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  options: ServerOptions,
  nodeFlags: ReadonlyArray<string> = []
): Promise<RunningServer> => {
  const loader = main.endsWith(".ts") ? ["--import", "tsx"] : []
  const process_ = spawnPinned({
    name,
    cpu: options.cpu,
    command: process.execPath,
    args: [...nodeFlags, ...loader, main, ...args],
    env: { ...process.env, ...env, PORT: String(options.port), PUBLIC_URL: options.publicUrl },
    cwd: root,
    logFile: join(options.dir, `${name}.log`)
  })
  const url = `http://127.0.0.1:${options.port}`
  try {
    // Any answer will do (401 without a token): the server is up.
    await waitForHttp(process_, `${url}/v1/spaces/ready`)
  } catch (error) {
    await process_.stop()
    throw error
  }
  return { name, url, process: process_ }
}

/**
 * Node flags Quire's server runs with, as `pnpm start` sets them (root package.json): a larger
 * young generation, because Effect allocates many short-lived objects per request
 * (measured: ~+10% req/s on getSpaceById).
 */
const QUIRE_NODE_FLAGS = ["--max-semi-space-size=64"]

/** More node flags for the Quire server, for experiments (`BENCH_QUIRE_NODE_FLAGS="--trace-gc"`). */
const extraNodeFlags = (): ReadonlyArray<string> => (process.env.BENCH_QUIRE_NODE_FLAGS ?? "").split(/\s+/).filter((flag) => flag !== "")

/**
 * The real `quire serve` on the given database: by default the build (`pnpm build` first), as
 * an installed `quire` runs; `fromSource` runs the TypeScript through tsx instead.
 */
export const startQuire = (
  options: ServerOptions & {
    readonly name: string
    readonly databaseUrl: string
    readonly cpuProfileDir?: string | undefined
    /** Opens the inspector on this port (for the micro tools' profilers). */
    readonly inspectPort?: number | undefined
    readonly fromSource?: boolean | undefined
  }
) =>
  startTs(
    options.name,
    options.fromSource ? QUIRE_MAIN : QUIRE_BUILT,
    ["serve"],
    // One token sends every request: a budget no run reaches, so the counter is measured but never refuses.
    // The import block serves its zip on loopback, which the fetcher refuses unless allowed.
    { DATABASE_URL: options.databaseUrl, TOKEN_REQUESTS_PER_MINUTE: "1000000000", QUIRE_FETCH_ALLOW: "127.0.0.1" },
    options,
    [
      ...QUIRE_NODE_FLAGS,
      ...extraNodeFlags(),
      ...(options.fromSource ? [] : [BUILT_CONDITION]),
      ...(options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
      ...(options.inspectPort ? [`--inspect=${options.inspectPort}`] : [])
    ]
  )

/** A hand-written baseline server script, with its own environment. */
export const startBaseline = (
  options: ServerOptions & {
    readonly name: string
    readonly main: string
    readonly env: Readonly<Record<string, string>>
    /** Node flags for experiments (`--trace-gc`); none in `pnpm bench`. */
    readonly nodeFlags?: ReadonlyArray<string> | undefined
  }
) => startTs(options.name, options.main, [], options.env, options, options.nodeFlags)

/** Any TypeScript server script, started like the others (for experiments). */
export const startScript = (name: string, main: string, options: ServerOptions) => startTs(name, main, [], {}, options)
