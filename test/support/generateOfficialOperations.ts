import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { GENERATED_MODULE, officialOperationsModule, pinnedSpec } from "./officialOperationsModule.js"

/** `pnpm gen:official-operations`: writes the server's list of official operations from the pinned spec. */
const { spec, version } = pinnedSpec()
const target = fileURLToPath(new URL(`../../${GENERATED_MODULE}`, import.meta.url))
writeFileSync(target, officialOperationsModule(spec, version))
console.log(`${GENERATED_MODULE}: the operations of @gitbook/api ${version}`)
