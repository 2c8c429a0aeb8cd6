/**
 * A site's customizations as the official `SiteCustomizationSettings` shapes them: Quire keeps
 * none yet, so every site answers these defaults (GitBook's own for a new site), titled after it.
 */
export const defaultCustomizations = (title: string): { readonly [key: string]: unknown } => ({
  title,
  styling: {
    theme: "clean",
    primaryColor: { light: "#346DDB", dark: "#346DDB" },
    infoColor: { light: "#787878", dark: "#787878" },
    successColor: { light: "#00C950", dark: "#00C950" },
    warningColor: { light: "#FE9A00", dark: "#FE9A00" },
    dangerColor: { light: "#FB2C36", dark: "#FB2C36" },
    corners: "rounded",
    depth: "subtle",
    links: "default",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    codeTheme: { default: { light: "default-light", dark: "default-dark" }, openapi: { light: "default-light", dark: "default-dark" } },
    background: "plain",
    icons: "regular",
    sidebar: { background: "default", list: "default" },
    search: "subtle"
  },
  internationalization: { locale: "en" },
  favicon: {},
  header: { preset: "default", links: [] },
  footer: { groups: [] },
  themes: { default: "system", toggeable: true },
  feedback: { enabled: false },
  ai: { mode: "search" },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  pageActions: { items: ["markdown", "pdf"] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true }
})
