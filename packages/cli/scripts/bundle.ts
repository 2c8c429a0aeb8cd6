/** Bundles `quire` into `dist/` (see `bundleCli.ts`): `pnpm build` and `prepack` run it after `tsc -b`. */
import { fileURLToPath } from "node:url"
import { bundleCli } from "./bundleCli.js"

await bundleCli(fileURLToPath(new URL("../dist/", import.meta.url)))
