import type { SamlProviderId } from "../shared/ids.js"
import type { Urls } from "../shared/Urls.js"
import type { SamlProviderRecord } from "../storage/saml/SamlProviderRecord.js"

export interface ServiceProviderUrls {
  readonly acsURL: string
  readonly startURL: string
  readonly entityID: string
}

/**
 * Quire as the service provider of one identity provider, under `PUBLIC_URL`. The entity ID is
 * the URL of its metadata, so it is unique per provider and resolves.
 */
export const serviceProviderUrls = (urls: Urls["Type"], id: SamlProviderId): ServiceProviderUrls => ({
  acsURL: urls.api(`/saml/${id}/acs`),
  startURL: urls.api(`/saml/${id}/start`),
  entityID: urls.api(`/saml/${id}/metadata`)
})

/** What an identity provider must have for anyone to sign in through it. */
export interface ActiveSamlProvider extends SamlProviderRecord {
  readonly entityID: string
  readonly ssoURL: string
  readonly certificate: string
}

export const isActive = (provider: SamlProviderRecord): provider is ActiveSamlProvider =>
  provider.entityID !== null && provider.ssoURL !== null && provider.certificate !== null
