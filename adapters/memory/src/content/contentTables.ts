import type { ObjectHash, RevisionId, RevisionRecord, StoredObject } from "@quire/core"
import { table } from "../shared/Table.js"

export const objectsTable = table<ObjectHash, StoredObject>("objects")

/** File bytes by their sha256; private copies, never handed out. */
export const blobsTable = table<string, Uint8Array>("blobs")

/** Owned by no space: a duplicated space shares its original's revisions, so they outlive a purge. */
export const revisionsTable = table<RevisionId, RevisionRecord>("revisions")
