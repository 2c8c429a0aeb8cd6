/**
 * What both hand-written baselines share: the access rules and the JSON of
 * `GET /v1/spaces/{id}`, and the `node:http` server around two lookups (the token's user, the
 * space with the caller's membership). Each baseline supplies the lookups from its driver.
 * `GET /v1/spaces/{id}/content/page/{pageId}` makes the same two lookups and a third, the
 * page's JSON as Quire rendered it (`RENDERED_PAGE`, filled by the getPageById section).
 */
import { createHash } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"

export interface SpaceRow {
  id: string
  organization_id: string
  parent_id: string | null
  title: string
  emoji: string
  visibility: string
  edit_mode: string
  default_level: string | null
  resolved_level: string
  revision_id: string
  created_at: string
  updated_at: string
  deleted_at: string | null
  role: string | null
  disabled: number | null
  is_member: boolean | number | null
}

/** The space and the caller's membership, one indexed query; `?` placeholders (each driver rewrites them). */
export const SPACE_FOR_USER = `SELECT s.id, s.organization_id, s.parent_id, s.title, s.emoji, s.visibility, s.edit_mode,
          s.default_level, s.resolved_level, s.revision_id, s.created_at, s.updated_at, s.deleted_at,
          m.role, m.disabled, m.user_id IS NOT NULL AS is_member
   FROM spaces s LEFT JOIN members m ON m.organization_id = s.organization_id AND m.user_id = ?
   WHERE s.id = ?`

/** The bench's own table of pre-rendered pages: made in the seeded file and in the Postgres copy, filled before measuring. */
export const RENDERED_PAGES_TABLE = `CREATE TABLE bench_rendered_pages (
  space_id TEXT NOT NULL, page_id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (space_id, page_id))`

export const RENDERED_PAGE = "SELECT body FROM bench_rendered_pages WHERE space_id = ? AND page_id = ?"

export const USER_BY_TOKEN_HASH = "SELECT u.id FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?"

const RANK: Record<string, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 }

/** The caller's level on the space: admins everything, guests nothing, others their role capped by the space's level. */
const levelOf = (row: SpaceRow): number => {
  if (!row.is_member || row.disabled || row.role === null) return 0
  if (row.role === "admin") return RANK.admin!
  if (row.resolved_level === "none") return 0
  const role = RANK[row.role]!
  return row.resolved_level === "inherit" ? role : Math.min(role, RANK[row.resolved_level]!)
}

const spaceJson = (base: string, row: SpaceRow, level: number): string => {
  const live = row.edit_mode === "live"
  const app = `${base}/s/${row.id}`
  return JSON.stringify({
    object: "space",
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    organization: row.organization_id,
    parent: row.parent_id ?? undefined,
    visibility: row.visibility,
    revision: row.revision_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at ?? undefined,
    editMode: row.edit_mode,
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    mergeRules: { type: "inherit" },
    urls: {
      location: `${base}/v1/spaces/${row.id}`,
      app: `${base}/o/${row.organization_id}/s/${row.id}`,
      published: row.visibility === "private" ? undefined : app,
      public: row.visibility === "public" ? app : undefined
    },
    defaultLevel: row.default_level,
    permissions: {
      view: level >= RANK.read!,
      access: level >= RANK.read!,
      admin: level >= RANK.create!,
      viewInviteLinks: level >= RANK.create!,
      edit: live && level >= RANK.edit!,
      triggerGitSync: live && level >= RANK.edit!,
      comment: level >= RANK.comment!,
      merge: live && level >= RANK.review!,
      review: level >= RANK.review!,
      installIntegration: level >= RANK.create!
    }
  })
}

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
  res.end(body)
}

const error = (res: ServerResponse, status: number, message: string) =>
  send(res, status, JSON.stringify({ error: { code: status, message } }))

const SPACE_PATH = /^\/v1\/spaces\/([^/?]+)(?:\?.*)?$/
const PAGE_PATH = /^\/v1\/spaces\/([^/?]+)\/content\/page\/([^/?]+)(?:\?.*)?$/

/** A lookup answers at once (better-sqlite3) or later (pg); the synchronous one pays no promise. */
type Lookup<A, Args extends Array<string>> = (...args: Args) => A | undefined | Promise<A | undefined>

const then = <A, B>(value: A | Promise<A>, f: (a: A) => B): B | Promise<B> =>
  value instanceof Promise ? value.then(f) : f(value)

export const serveSpaces = (options: {
  readonly port: number
  readonly base: string
  readonly userByTokenHash: Lookup<{ id: string }, [hash: string]>
  readonly spaceForUser: Lookup<SpaceRow, [userId: string, spaceId: string]>
  readonly renderedPage: Lookup<{ body: string }, [spaceId: string, pageId: string]>
  readonly name: string
}) => {
  const handle = (req: Parameters<Parameters<typeof createServer>[1] & {}>[0], res: ServerResponse) => {
    const url = req.url ?? ""
    const page = req.method === "GET" ? PAGE_PATH.exec(url) : null
    const match = page ?? (req.method === "GET" ? SPACE_PATH.exec(url) : null)
    if (!match) return error(res, 404, "Not found")
    const authorization = req.headers.authorization ?? ""
    const token = authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : ""
    const unauthorized = () => error(res, 401, "The API token is missing, unknown or revoked")
    if (token === "") return unauthorized()
    return then(options.userByTokenHash(createHash("sha256").update(token).digest("hex")), (user) => {
      if (!user) return unauthorized()
      const id = decodeURIComponent(match[1]!)
      return then(options.spaceForUser(user.id, id), (row) => {
        const level = row ? levelOf(row) : 0
        // Deleted spaces are only for those who can restore them.
        if (!row || level === 0 || (row.deleted_at !== null && level < RANK.create!)) {
          return error(res, 404, `Space "${id}" was not found`)
        }
        if (page === null) return send(res, 200, spaceJson(options.base, row, level))
        const pageId = decodeURIComponent(page[2]!)
        return then(options.renderedPage(id, pageId), (rendered) =>
          rendered ? send(res, 200, rendered.body) : error(res, 404, `Page "${pageId}" was not found`)
        )
      })
    })
  }
  createServer((req, res) => {
    const answered = handle(req, res)
    if (answered instanceof Promise) answered.catch((cause) => error(res, 500, String(cause)))
  }).listen(options.port, "127.0.0.1", () => console.log(`${options.name} listening on ${options.port}`))
}

/** PORT and PUBLIC_URL, as the bench passes them. */
export const serverEnv = (): { port: number; base: string } => {
  const port = Number(process.env.PORT)
  const base = (process.env.PUBLIC_URL ?? "").replace(/\/+$/, "")
  if (!port || !base) throw new Error("PORT and PUBLIC_URL are required")
  return { port, base }
}
