import { runMarkdownTask } from "../src/content/markdown/work/markdownTasks.ts"
const md = "Some *text* with a [link](https://x.dev).\n\n".repeat(6000)
const md2 = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore.\n\n".repeat(2500)
for (const [n, m] of [["dense", md], ["plain", md2]] as const) for (let i = 0; i < 2; i++) {
  const t = performance.now(); runMarkdownTask({ op: "prepare", markdown: m }); const t2 = performance.now()
  runMarkdownTask({ op: "links", markdown: m }); console.log(n, m.length, "prepare", Math.round(t2 - t), "links", Math.round(performance.now() - t2))
}
