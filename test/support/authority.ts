import type { Authorized } from "@quire/core"
import { Layer } from "effect"

/**
 * Tests set up and inspect guarded records through the repositories directly, as `Access` (the
 * authority) does. `Authorized` is a phantom requirement that nothing looks up at run time, so
 * this layer provides it by saying so; tests merge it into their storage layer.
 */
export const testAuthority = Layer.empty as Layer.Layer<Authorized>
