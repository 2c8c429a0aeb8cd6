import { Context, Effect, Layer } from "effect"

type Identifiers<Tags extends ReadonlyArray<Context.Tag<any, any>>> = Context.Tag.Identifier<Tags[number]>

/** Rejected at compile time unless `Tags` holds every service `RIn` names. */
type Covering<RIn, Tags extends ReadonlyArray<Context.Tag<any, any>>> = [Exclude<RIn, Identifiers<Tags>>] extends [never]
  ? Tags
  : { readonly missing: Exclude<RIn, Identifiers<Tags>> }

/**
 * `layer`, built in a context holding only `tags` (taken from the context around it) instead
 * of everything the application has. Layers it shares with the rest of the application are
 * still built once (the build goes through the application's memo map).
 *
 * Why: what the HTTP server runs a request in is the context its layer was built in, and
 * `HttpApiBuilder.group` merges the context a handler group was built in into every request
 * it handles. Built among all of Quire's services, that is ~40 entries, copied and compared
 * each time a request's context changes: ~12 µs of a ~165 µs `GET /v1/spaces/{id}`. The
 * compiler checks that `tags` covers what `layer` requires.
 */
export const isolated = <ROut, E, RIn, const Tags extends ReadonlyArray<Context.Tag<any, any>>>(
  layer: Layer.Layer<ROut, E, RIn>,
  tags: Covering<RIn, Tags>
): Layer.Layer<ROut, E, Identifiers<Tags>> =>
  Layer.scopedContext(
    Effect.gen(function* () {
      const around = yield* Effect.context<Identifiers<Tags>>()
      const only = (tags as Tags).reduce(
        (context: Context.Context<never>, tag) => Context.add(context, tag, Context.unsafeGet(around, tag)),
        Context.empty()
      )
      const memoMap = yield* Layer.CurrentMemoMap
      const scope = yield* Effect.scope
      // Replaces the context (`Effect.provide` would add to it).
      return yield* Effect.mapInputContext(
        Layer.buildWithMemoMap(layer, memoMap, scope),
        (): Context.Context<RIn> => only as Context.Context<RIn>
      )
    })
  ) as Layer.Layer<ROut, E, Identifiers<Tags>>
