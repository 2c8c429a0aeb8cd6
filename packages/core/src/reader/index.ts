export * from "./locatePath.js"
export * from "./ReaderSite.js"
export * from "./SiteReader.js"
export * from "./visibleSections.js"
