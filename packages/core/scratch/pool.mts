import { Effect, Layer } from "effect"
import { markdownWorkers } from "/work/wt-md/packages/core/src/content/markdown/work/markdownWorkers.ts"
import { MarkdownWork } from "/work/wt-md/packages/core/src/content/markdown/work/MarkdownWork.ts"
const program = Effect.gen(function* () {
  const work = yield* MarkdownWork
  const t0 = Date.now()
  console.log(yield* Effect.either(work.prepare("# Hi\n\n[a](./b.md) *x*\n")), Date.now() - t0)
  const t1 = Date.now()
  console.log(yield* Effect.either(work.prepare("*a".repeat(1000) + "\n\n" + ("*a".repeat(1000) + "\n\n").repeat(40))), Date.now() - t1)
  console.log(yield* Effect.either(work.prepare("ok")))
  console.log(yield* Effect.either(work.rewriteLinks("[a](./b.md)\n", "README.md", [[JSON.stringify(["page-path", "./b.md", "b"]), { kind: "page", page: "P1" }]])))
})
await Effect.runPromise(Effect.scoped(Layer.build(markdownWorkers({ timeBudgetMs: 2000 })).pipe(Effect.flatMap((ctx) => Effect.provide(program, ctx)))))
console.log("done")
