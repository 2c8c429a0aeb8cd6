import { Effect } from "effect"

/**
 * What a command does, from a module loaded only when the command runs: `quire --help`,
 * `--version` and usage errors load none of the server, the storage or the core.
 */
export const whenRun = <M, A, E, R>(load: () => Promise<M>, run: (module: M) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.promise(load), run)
