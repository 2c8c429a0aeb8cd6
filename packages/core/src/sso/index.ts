export { certificateProblem } from "./certificate.js"
export {
  CreateSamlProviderInput,
  SAML_CERTIFICATE_MAX,
  SAML_ENTITY_ID_MAX,
  SAML_LABEL_MAX,
  SAML_PROVIDERS_MAX,
  SAML_SSO_URL_MAX,
  UpdateSamlProviderInput
} from "./inputs.js"
export { SamlProvider, SamlServiceProvider, SsoProviderLogin, SsoProviderLogins } from "./SamlProvider.js"
export { SamlProviders } from "./SamlProviders.js"
export { SAML_CLOCK_SKEW_MS } from "./samlProtocol.js"
export { serviceProviderUrls } from "./serviceProvider.js"
export { SAML_REQUEST_TTL_MS, SSO_HANDOFF_TTL_MS, SsoSignIn } from "./SsoSignIn.js"
export { SsoReturnOrigins } from "./SsoReturnOrigins.js"
