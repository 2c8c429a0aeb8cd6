import type { UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

export interface UserRecord {
  readonly id: UserId
  readonly displayName: string
  readonly email: string
  readonly photoURL: string | null
  readonly createdAt: Timestamp
}
