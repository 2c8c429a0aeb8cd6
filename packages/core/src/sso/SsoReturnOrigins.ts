import { Context } from "effect"

/**
 * The origins a sign-in may send the browser back to with its hand-off code, besides
 * `PUBLIC_URL`'s own: the embedding application's (the CLI reads `SSO_RETURN_ORIGINS`). Any
 * other `returnTo` is refused, so a start URL never redirects a code to a stranger. Read when
 * `SsoSignIn` is built: provide it to the core's layer.
 */
export class SsoReturnOrigins extends Context.Reference<SsoReturnOrigins>()("@quire/core/SsoReturnOrigins", {
  defaultValue: (): ReadonlyArray<string> => []
}) {}
