export * from "./inputs.js"
export * from "./OpenApiJobs.js"
export * from "./openApiPermissions.js"
export * from "./OpenApiSpec.js"
export * from "./OpenApiSpecs.js"
export { openApiProcessHandler } from "./processOpenApiSpec.js"
export { entryFileName, ProcessFailure, readDocument, type ReadDocument } from "./readDocument.js"
export { findRefCycle } from "./refCycle.js"
export * from "./render.js"

import { openApiProcessHandler } from "./processOpenApiSpec.js"

/** The job handlers of OpenAPI specifications, for a server's runner. */
export const openApiJobHandlers = [openApiProcessHandler] as const
