import type { TokenRecord } from "@quire/core"
import { table } from "../shared/Table.js"

/** Keyed by the token's hash. */
export const tokensTable = table<string, TokenRecord>("tokens")
