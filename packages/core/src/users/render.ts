import type { Urls } from "../shared/Urls.js"
import { User, UserUrls } from "./User.js"
import type { UserRecord } from "./UserRecord.js"

export const renderUser = (urls: Urls["Type"], record: UserRecord): User =>
  new User(
    {
      object: "user",
      id: record.id,
      displayName: record.displayName,
      email: record.email,
      photoURL: record.photoURL ?? undefined,
      urls: new UserUrls({ location: urls.api(`/users/${record.id}`) }, true)
    },
    true
  )
