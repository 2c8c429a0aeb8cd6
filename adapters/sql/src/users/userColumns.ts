import type { UserId, UserRecord } from "@quire/core"

/** A users row as read back (names already camelCased by the client). */
export interface UserRow {
  readonly id: string
  readonly displayName: string
  readonly email: string
  readonly photoUrl: string | null
  readonly createdAt: string
}

export const USER_COLUMNS = "id, display_name, email, photo_url, created_at"

/** The user columns of a join, from table alias `u`, renamed `u_<column>` so they cannot clash with others. */
export const JOINED_USER_COLUMNS = ["id", "display_name", "email", "photo_url", "created_at"]
  .map((c) => `u.${c} AS u_${c}`)
  .join(", ")

export interface JoinedUserRow {
  readonly uId: string
  readonly uDisplayName: string
  readonly uEmail: string
  readonly uPhotoUrl: string | null
  readonly uCreatedAt: string
}

export const toUserRecord = (row: UserRow): UserRecord => ({
  id: row.id as UserId,
  displayName: row.displayName,
  email: row.email,
  photoURL: row.photoUrl,
  createdAt: row.createdAt
})

export const joinedToUserRecord = (row: JoinedUserRow): UserRecord => ({
  id: row.uId as UserId,
  displayName: row.uDisplayName,
  email: row.uEmail,
  photoURL: row.uPhotoUrl,
  createdAt: row.uCreatedAt
})
