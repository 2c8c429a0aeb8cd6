import type { Urls } from "../shared/Urls.js"
import type { User } from "./User.js"
import type { UserRecord } from "../storage/users/UserRecord.js"

export const renderUser = (urls: Urls["Type"], record: UserRecord): User => ({
  object: "user",
  id: record.id,
  displayName: record.displayName,
  email: record.email,
  photoURL: record.photoURL ?? undefined,
  urls: { location: urls.api(`/users/${record.id}`) }
})
