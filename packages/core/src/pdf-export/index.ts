export * from "./PdfExports.js"
