import type { Urls } from "../shared/Urls.js"
import type { SamlProviderRecord } from "../storage/saml/SamlProviderRecord.js"
import type { Team } from "../teams/Team.js"
import type { SamlProvider, SsoProviderLogin } from "./SamlProvider.js"
import { isActive, serviceProviderUrls } from "./serviceProvider.js"

/** A provider on the wire; what is not set yet is `""` (the spec requires the fields). */
export const renderSamlProvider = (
  urls: Urls["Type"],
  provider: SamlProviderRecord,
  defaultTeam: Team | undefined
): SamlProvider => ({
  object: "saml-provider",
  id: provider.id,
  label: provider.label,
  ssoURL: provider.ssoURL ?? "",
  entityID: provider.entityID ?? "",
  certificate: provider.certificate ?? "",
  ...(defaultTeam === undefined ? {} : { defaultTeam }),
  defaultRole: provider.defaultRole,
  createdAt: provider.createdAt,
  status: isActive(provider) ? "active" : "pending",
  service: serviceProviderUrls(urls, provider.id),
  urls: { location: urls.api(`/orgs/${provider.organizationId}/saml/${provider.id}`) }
})

export const renderSsoLogin = (urls: Urls["Type"], provider: SamlProviderRecord): SsoProviderLogin => ({
  id: provider.id,
  label: provider.label,
  startURL: serviceProviderUrls(urls, provider.id).startURL
})
