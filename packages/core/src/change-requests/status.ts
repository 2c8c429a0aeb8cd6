import type { ChangeRequestStatus } from "../storage/change-requests/ChangeRequestRecord.js"

/**
 * The status a caller may set: `draft ⇄ open`, `draft | open → archived`, `archived → open`.
 * `merged` is reached only by merging, and is final.
 */
const NEXT: Readonly<Record<ChangeRequestStatus, ReadonlyArray<ChangeRequestStatus>>> = {
  draft: ["open", "archived"],
  open: ["draft", "archived"],
  archived: ["open"],
  merged: []
}

/** Whether a caller may move a change request from `from` to `to` (setting the same status changes nothing, and is allowed). */
export const canMoveTo = (from: ChangeRequestStatus, to: ChangeRequestStatus): boolean =>
  from === to ? from !== "merged" : NEXT[from].includes(to)

/** Whether its content may still change (a draft or open change request). */
export const isActive = (status: ChangeRequestStatus): boolean => status === "draft" || status === "open"
