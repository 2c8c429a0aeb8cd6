import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { SamlProviders, SsoSignIn } from "@quire/core"
import { Effect, Layer } from "effect"
import { AddressFailures } from "../AddressFailures.js"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent, withLocation } from "../shared/responses.js"
import { SamlServiceProviderGroup, SsoGroup } from "./SsoGroup.js"

export const SsoHandlers = HttpApiBuilder.group(apiOf(SsoGroup), "sso", (handlers) =>
  Effect.map(SamlProviders, (providers) =>
    handlers
      .handle("listSAMLProvidersInOrganizationById", ({ path, urlParams }) => providers.list(path.organizationId, urlParams))
      .handle("createOrganizationSAMLProvider", ({ path, payload }) =>
        withLocation(providers.create(path.organizationId, payload))
      )
      .handle("getOrganizationSAMLProviderById", ({ path }) => providers.get(path.organizationId, path.samlProviderId))
      .handle("updateOrganizationSAMLProvider", ({ path, payload }) =>
        providers.update(path.organizationId, path.samlProviderId, payload)
      )
      .handle("deleteOrganizationSAMLProvider", ({ path }) =>
        Effect.map(providers.remove(path.organizationId, path.samlProviderId), deletedOrAbsent)
      )
      .handle("listSSOProviderLoginsInOrganization", ({ path }) => providers.logins(path.organizationId))
  )
)

/** Nothing a sign-in answers may be kept by a cache: each carries a one-time request or code. */
const noStore = { "cache-control": "no-store" }

const withCode = (returnTo: string, code: string) => {
  const url = new URL(returnTo)
  url.searchParams.set("code", code)
  return url.toString()
}

export const SamlServiceProviderHandlers = HttpApiBuilder.group(
  apiOf(SamlServiceProviderGroup),
  "samlServiceProvider",
  (handlers) =>
    Effect.map(Effect.all([SsoSignIn, AddressFailures]), ([signIn, failures]) =>
      handlers
        .handle("startSAMLSignIn", ({ path, urlParams }) =>
          Effect.map(signIn.start(path.samlProviderId, urlParams.returnTo), (url) =>
            HttpServerResponse.redirect(url, { status: 302, headers: noStore })
          )
        )
        .handle("consumeSAMLResponse", ({ path, payload }) =>
          Effect.map(failures.guard(signIn.consume(path.samlProviderId, payload.SAMLResponse)), (admitted) =>
            admitted.returnTo === null
              ? HttpServerResponse.unsafeJson(
                  {
                    object: "sso-handoff",
                    code: admitted.code,
                    expiresAt: admitted.expiresAt,
                    organization: admitted.organizationId,
                    user: admitted.user.id
                  },
                  { headers: noStore }
                )
              : HttpServerResponse.redirect(withCode(admitted.returnTo, admitted.code), { status: 303, headers: noStore })
          )
        )
        .handle("getSAMLServiceProviderMetadata", ({ path }) =>
          Effect.map(signIn.metadata(path.samlProviderId), (xml) =>
            HttpServerResponse.text(xml, { contentType: "application/samlmetadata+xml" })
          )
        )
        .handle("exchangeSSOHandoff", ({ payload }) => failures.guard(signIn.exchange(payload.code)))
    )
)

/** Both groups, each built among only the services it uses (see `isolated`). */
export const SsoHttp = Layer.merge(
  isolated(SsoHandlers, [Authentication, SamlProviders]),
  isolated(SamlServiceProviderHandlers, [SsoSignIn, AddressFailures])
)
