export { GitSync } from "./GitSync.js"
export { ExportToGitRepositoryInput, ImportGitRepositoryInput } from "./GitSyncInput.js"
export { GitExportJob, GitImportJob, GitSyncJobPayload } from "./GitSyncJobs.js"
export { GitSyncState, gitSyncStateOf } from "./GitSyncState.js"
export { gitExportHandler } from "./runGitExport.js"
export { gitImportHandler } from "./runGitImport.js"

import { gitExportHandler } from "./runGitExport.js"
import { gitImportHandler } from "./runGitImport.js"

/** The job handlers of Git sync, for a server's runner. */
export const gitSyncJobHandlers = [gitImportHandler, gitExportHandler] as const
