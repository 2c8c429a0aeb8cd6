/**
 * Bundles the `quire` command (`dist/main.js`, the `bin`) and its two worker threads
 * (`dist/markdownWorker.js`, `dist/pdfWorker.js`) with esbuild, from the TypeScript sources.
 * `scripts/bundle.ts` (`pnpm build`, `prepack`) runs it after `tsc -b`, whose `dist/main.js` it
 * replaces (`tsc`'s other files stay: they are the package's `exports`, with their types).
 *
 * Why: unbundled, `quire serve` loads ~1,600 modules before its first answer, and Node's
 * resolving, reading and linking them took most of its start (docs/performance.md, "Startup").
 * Code splitting keeps Effect out of `--help` and `--version` (`main.ts` imports `runCli.ts`
 * with `import()`), and `serve`'s own modules out of the other commands (`import()` too).
 *
 * Every output file lies in `dist/` itself, as `tsc`'s did, because modules find files relative
 * to their own URL: `version.ts` reads `../package.json`, `markdownWorkers.ts` and `renderPdf.ts`
 * start `./markdownWorker.js` and `./pdfWorker.js`. Packages that find files beside their own
 * (better-sqlite3's native binding, pdfkit's fonts, piscina's worker, pg's optional native
 * client) stay outside the bundle: they are dependencies of this package.
 */
import { build } from "esbuild"
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Not bundled: each reads files relative to its own location, or loads a native module. */
const external = ["better-sqlite3", "pg", "pdfkit", "piscina"]

const CHUNK_PREFIX = "bundle-"

/** Writes the bundle into `outdir` (`dist/`; a test's folder beside it), over an earlier one. */
export const bundleCli = async (outdir: string): Promise<void> => {
  // The chunks of an earlier build, named by their content's hash, would stay beside the new ones.
  for (const file of readdirSync(outdir).filter((name) => name.startsWith(CHUNK_PREFIX))) rmSync(join(outdir, file))
  await build({
    entryPoints: {
      main: source("../src/main.ts"),
      markdownWorker: source("../../core/src/content/markdown/work/markdownWorker.ts"),
      pdfWorker: source("../../../adapters/http/src/pdf-export/render/pdfWorker.ts")
    },
    outdir,
    entryNames: "[name]",
    chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external,
    // CommonJS dependencies call `require` for Node's own modules, which an ES module lacks.
    banner: { js: 'import { createRequire as __quireCreateRequire } from "node:module"; const require = __quireCreateRequire(import.meta.url);' },
    sourcemap: true,
    sourcesContent: false,
    logLevel: "warning"
  })
}
