import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Exit, FastCheck as fc, Layer, Scope } from "effect"
import { afterAll, beforeAll } from "vitest"
import { inProcessMarkdownWork, MarkdownRefused, MarkdownWork, type MarkdownWorkService, markdownWorkers } from "../src/content/markdown/index.js"

/** Lines people write, and syntax that stresses escaping, links and frontmatter. */
const fragment = fc.constantFrom(
  ...["# Title", "## Section", "Some *emphasis* and **strong** text.", "- item", "  - nested item", "1. first", "> quoted", "```js", "```"],
  ...["| a | b |", "| - | - |", "| *x* | [l](./x.md) |", "See [setup](./guides/setup.md#install).", "![Diagram](./diagram.png)"],
  ...["[ref]: /pages/intro", "[Intro][ref]", "<https://quire.dev>", "www.example.com", "a_b_c", "~~gone~~", "***", "", "", "text"]
)
const markdown = fc.oneof(
  fc.array(fragment, { maxLength: 30 }).map((lines) => lines.join("\n")),
  fc.tuple(fc.constantFrom("---\ntitle: T\nslug: t\n---\n", "---\n- a\n---\n", "---\na: &a [1]\nb: *a\n---\n", ""), fc.array(fragment, { maxLength: 10 })).map(
    ([front, lines]) => front + lines.join("\n")
  ),
  fc.string({ maxLength: 200 })
)

const scope = Effect.runSync(Scope.make())
let workers: MarkdownWorkService

beforeAll(async () => {
  const context = await Effect.runPromise(Scope.extend(Layer.build(markdownWorkers({ timeBudgetMs: 30_000 })), scope))
  workers = await Effect.runPromise(Effect.provide(MarkdownWork, context))
}, 60_000)

afterAll(async () => {
  await Effect.runPromise(Scope.close(scope, Exit.void))
})

const outcome = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect))

describe("markdownWorkers", () => {
  it("read documents exactly as in process: parsed, links and rewritten links", async () => {
    await fc.assert(
      fc.asyncProperty(markdown, async (text) => {
        expect(await outcome(workers.prepare(text))).toEqual(await outcome(inProcessMarkdownWork.prepare(text)))
        expect(await outcome(workers.links(text))).toEqual(await outcome(inProcessMarkdownWork.links(text)))
        const targets = [[JSON.stringify(["page-path", "./guides/setup.md#install", "guides/setup"]), { kind: "page", page: "p1" }]] as const
        expect(await outcome(workers.rewriteLinks(text, "guides/x.md", targets))).toEqual(
          await outcome(inProcessMarkdownWork.rewriteLinks(text, "guides/x.md", targets))
        )
      }),
      { numRuns: 60 }
    )
  }, 120_000)

  it("read many documents at once (in chunks) as one by one", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(markdown, { maxLength: 80 }), async (texts) => {
        const one = await Promise.all(texts.map((text) => outcome(inProcessMarkdownWork.prepare(text))))
        const each = await Effect.runPromise(workers.prepareEach(texts))
        expect(each.map((read) => (read instanceof MarkdownRefused ? Either.left(read) : Either.right(read)))).toEqual(one)
      }),
      { numRuns: 15 }
    )
  }, 120_000)

  it("stop a task past the time budget, refuse it, and answer the next one", async () => {
    const context = await Effect.runPromise(Scope.extend(Layer.build(markdownWorkers({ timeBudgetMs: 300 })), scope))
    const quick = await Effect.runPromise(Effect.provide(MarkdownWork, context))
    const slow = `${"*a".repeat(1000)}\n\n`.repeat(40)
    const refused = await outcome(quick.prepare(slow))
    expect(refused._tag === "Left" && refused.left.message).toMatch(/took longer than 0.3 s/)
    const after = await outcome(quick.prepare("# Fine\n"))
    expect(after._tag === "Right" && after.right.title).toBe("Fine")
  }, 60_000)

  it("read a chunk past the time budget again one document at a time: only the slow one is refused", async () => {
    const context = await Effect.runPromise(Scope.extend(Layer.build(markdownWorkers({ timeBudgetMs: 300 })), scope))
    const quick = await Effect.runPromise(Effect.provide(MarkdownWork, context))
    const slow = `${"*a".repeat(1000)}\n\n`.repeat(40)
    const read = await Effect.runPromise(quick.prepareEach(["# One\n", slow, "# Two\n"]))
    expect(read.map((document) => (document instanceof MarkdownRefused ? document.message : document.title))).toEqual([
      "One",
      expect.stringMatching(/took longer than 0.3 s/),
      "Two"
    ])
  }, 60_000)
})
