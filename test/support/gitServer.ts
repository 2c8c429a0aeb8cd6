import { execFile, spawn } from "node:child_process"
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { promisify } from "node:util"
import { Effect } from "effect"

const run = promisify(execFile)

/** Runs the system `git` in `cwd`; its stdout as a Buffer. */
const git = async (cwd: string, args: ReadonlyArray<string>): Promise<Buffer> => {
  const { stdout } = await run("git", [...args], { cwd, encoding: "buffer", maxBuffer: 64 * 1024 * 1024 })
  return stdout
}

/** Who may push and fetch when the server asks for basic auth. */
export interface GitServerAuth {
  readonly user: string
  readonly password: string
}

export interface GitServerOptions {
  /** Required credentials; without them the server serves anyone. */
  readonly auth?: GitServerAuth
  /** The repository's name in its URL (`<base>/<name>.git`). */
  readonly name?: string
}

export interface CommitOptions {
  readonly branch?: string
  readonly message?: string
  /** Paths to delete in the same commit. */
  readonly remove?: ReadonlyArray<string>
}

/** A real bare repository served by `git http-backend` on loopback. */
export interface GitServer {
  /** The repository's URL, without credentials. */
  readonly url: string
  /** The repository's URL with `user:password@` when the server asks for auth. */
  readonly authenticatedUrl: string
  /** The bare repository on disk. */
  readonly bareDirectory: string
  /** How many requests the server has answered (every status). */
  readonly requests: () => number
  /** Commits `files` on `branch` (default `main`) with the system git, as a person would: clone, write, commit, push. Its sha. */
  readonly commit: (files: Readonly<Record<string, string | Uint8Array>>, options?: CommitOptions) => Promise<string>
  /** The files of `ref`'s tree (a branch name, a full ref or a sha), path → bytes. */
  readonly readTree: (ref?: string) => Promise<ReadonlyMap<string, Uint8Array>>
  /** The sha `ref` points at, or undefined when there is no such ref. */
  readonly resolve: (ref?: string) => Promise<string | undefined>
  /** The message of the commit `ref` points at. */
  readonly commitMessage: (ref?: string) => Promise<string>
  /** `git fsck --strict` of the bare repository: rejects when any object is malformed (a tree out of order, say). */
  readonly fsck: () => Promise<void>
  readonly close: () => Promise<void>
}

const unauthorized = (res: ServerResponse) => {
  res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"', "Content-Type": "text/plain" })
  res.end("authentication required\n")
}

const admitted = (req: IncomingMessage, auth: GitServerAuth | undefined): string | undefined | false => {
  if (auth === undefined) return undefined
  const header = req.headers.authorization
  if (header === undefined || !header.startsWith("Basic ")) return false
  const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  const user = decoded.slice(0, colon)
  return colon >= 0 && user === auth.user && decoded.slice(colon + 1) === auth.password ? user : false
}

/** Where the CGI answer's header block ends, and how long its separator is. */
const headerEnd = (buffer: Buffer): { readonly at: number; readonly length: number } | undefined => {
  const crlf = buffer.indexOf("\r\n\r\n")
  const lf = buffer.indexOf("\n\n")
  if (crlf < 0 && lf < 0) return undefined
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 }
  return { at: lf, length: 2 }
}

/** Runs `git http-backend` as a CGI script for one request, streaming both bodies. */
const cgi = (root: string, req: IncomingMessage, res: ServerResponse, remoteUser: string | undefined) => {
  const url = new URL(req.url ?? "/", "http://git.test")
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: "1",
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.replace(/^\?/, ""),
    REQUEST_METHOD: req.method ?? "GET",
    CONTENT_TYPE: req.headers["content-type"] ?? "",
    REMOTE_ADDR: req.socket.remoteAddress ?? "127.0.0.1",
    GATEWAY_INTERFACE: "CGI/1.1",
    SERVER_PROTOCOL: "HTTP/1.1"
  }
  if (req.headers["content-length"] !== undefined) env.CONTENT_LENGTH = req.headers["content-length"]
  // http-backend inflates a gzip request body itself when told it is one.
  if (req.headers["content-encoding"] !== undefined) env.HTTP_CONTENT_ENCODING = req.headers["content-encoding"]
  if (req.headers["git-protocol"] !== undefined) env.GIT_PROTOCOL = String(req.headers["git-protocol"])
  if (remoteUser !== undefined) env.REMOTE_USER = remoteUser
  const child = spawn("git", ["http-backend"], { env, stdio: ["pipe", "pipe", "pipe"] })
  req.pipe(child.stdin)
  child.stdin.on("error", () => {})
  let head: Buffer = Buffer.alloc(0)
  let started = false
  const fail = (message: string) => {
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" })
    res.end(message)
  }
  child.stdout.on("data", (chunk: Buffer) => {
    if (started) {
      res.write(chunk)
      return
    }
    head = Buffer.concat([head, chunk])
    const end = headerEnd(head)
    if (end === undefined) return
    started = true
    let status = 200
    let reason = "OK"
    const headers: Record<string, string> = {}
    for (const line of head.subarray(0, end.at).toString("latin1").split(/\r?\n/)) {
      const colon = line.indexOf(":")
      if (colon < 0) continue
      const name = line.slice(0, colon).trim()
      const value = line.slice(colon + 1).trim()
      if (name.toLowerCase() === "status") {
        const match = /^(\d{3})\s*(.*)$/.exec(value)
        if (match !== null) {
          status = Number(match[1])
          reason = match[2] ?? ""
        }
      } else headers[name] = value
    }
    res.writeHead(status, reason, headers)
    res.write(head.subarray(end.at + end.length))
  })
  child.stdout.on("end", () => (started ? res.end() : fail("http-backend answered no headers\n")))
  child.on("error", (error) => fail(`http-backend did not start: ${error.message}\n`))
}

/**
 * Starts a Git server on 127.0.0.1 over a new bare repository (`main` as its default branch,
 * `http.receivepack` on), behind `git http-backend` run as CGI by `node:http`.
 */
export const startGitServer = async (options: GitServerOptions = {}): Promise<GitServer> => {
  const root = await mkdtemp(join(tmpdir(), "quire-git-server-"))
  const name = `${options.name ?? "docs"}.git`
  const bareDirectory = join(root, name)
  await git(root, ["init", "--bare", "--quiet", "--initial-branch=main", name])
  await git(bareDirectory, ["config", "http.receivepack", "true"])
  let requests = 0
  const server = createServer((req, res) => {
    requests++
    const user = admitted(req, options.auth)
    if (user === false) {
      req.resume()
      unauthorized(res)
      return
    }
    cgi(root, req, res, user)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}/${name}`
  const authenticatedUrl =
    options.auth === undefined
      ? url
      : `http://${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.password)}@127.0.0.1:${port}/${name}`

  const resolve = async (ref = "main") => {
    try {
      return (await git(bareDirectory, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).toString("utf8").trim()
    } catch {
      return undefined
    }
  }

  const commit = async (files: Readonly<Record<string, string | Uint8Array>>, commitOptions: CommitOptions = {}) => {
    const branch = commitOptions.branch ?? "main"
    const work = await mkdtemp(join(tmpdir(), "quire-git-work-"))
    try {
      await git(work, ["init", "--quiet", "--initial-branch", branch])
      await git(work, ["remote", "add", "origin", bareDirectory])
      if ((await resolve(branch)) !== undefined) {
        await git(work, ["fetch", "--quiet", "origin", branch])
        await git(work, ["checkout", "--quiet", "-B", branch, "FETCH_HEAD"])
      }
      for (const path of commitOptions.remove ?? []) await rm(join(work, path), { recursive: true, force: true })
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(work, path)), { recursive: true })
        await writeFile(join(work, path), content)
      }
      await git(work, ["add", "--all"])
      await git(work, [
        "-c",
        "user.name=Git Server Test",
        "-c",
        "user.email=git-server@quire.test",
        "commit",
        "--quiet",
        "--allow-empty",
        "-m",
        commitOptions.message ?? "A commit made in the repository"
      ])
      await git(work, ["push", "--quiet", "origin", `HEAD:refs/heads/${branch}`])
      return (await git(work, ["rev-parse", "HEAD"])).toString("utf8").trim()
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }

  const readTree = async (ref = "main") => {
    const listing = (await git(bareDirectory, ["ls-tree", "-r", "-z", ref])).toString("utf8")
    const files = new Map<string, Uint8Array>()
    for (const entry of listing.split("\0")) {
      if (entry === "") continue
      const tab = entry.indexOf("\t")
      const [, type, sha] = entry.slice(0, tab).split(" ")
      if (type !== "blob") continue
      files.set(entry.slice(tab + 1), new Uint8Array(await git(bareDirectory, ["cat-file", "blob", sha!])))
    }
    return files
  }

  const commitMessage = async (ref = "main") => (await git(bareDirectory, ["log", "-1", "--format=%B", ref])).toString("utf8").trim()

  const fsck = async () => {
    await git(bareDirectory, ["fsck", "--strict", "--no-progress"])
  }

  const close = async () => {
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
    await rm(root, { recursive: true, force: true })
  }

  return { url, authenticatedUrl, bareDirectory, requests: () => requests, commit, readTree, resolve, commitMessage, fsck, close }
}

/** A Git server for the scope of a test. */
export const gitServer = (options: GitServerOptions = {}) =>
  Effect.acquireRelease(
    Effect.promise(() => startGitServer(options)),
    (server) => Effect.promise(() => server.close())
  )

/** A file map's text, for assertions. */
export const textOf = (files: ReadonlyMap<string, Uint8Array | string>): Record<string, string> =>
  Object.fromEntries([...files].map(([path, content]) => [path, typeof content === "string" ? content : new TextDecoder().decode(content)]))
