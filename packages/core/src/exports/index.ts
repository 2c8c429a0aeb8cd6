export * from "./ContentExports.js"
