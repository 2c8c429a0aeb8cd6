/**
 * The published-page baseline: `node:http` answering each of a fixed set of paths with bytes
 * held in memory (Quire's own answers, fetched by the publishedPage section), with the same
 * content type and ETag; any other path is a 404. The least a server can do for those URLs.
 *
 * Run as its own process: BENCH_STATIC_PAGES=<file> PORT=<port> node --import tsx baseline-static-server.ts
 * The file holds one JSON array a line: `[path, content type, ETag or null, body in base64]`.
 */
import { readFileSync } from "node:fs"
import { createServer } from "node:http"

const file = process.env.BENCH_STATIC_PAGES
if (!file) throw new Error("BENCH_STATIC_PAGES is required")
const port = Number(process.env.PORT)

interface StaticAnswer {
  readonly headers: Readonly<Record<string, string | number>>
  readonly body: Buffer
}

const answers = new Map<string, StaticAnswer>()
for (const line of readFileSync(file, "utf8").split("\n")) {
  if (line === "") continue
  const [path, contentType, etag, body] = JSON.parse(line) as [string, string, string | null, string]
  const bytes = Buffer.from(body, "base64")
  const headers: Record<string, string | number> = { "content-type": contentType, "content-length": bytes.length }
  if (etag !== null) headers.etag = etag
  answers.set(path, { headers, body: bytes })
}

createServer((request, response) => {
  const answer = answers.get(request.url ?? "")
  if (answer === undefined) {
    response.writeHead(404, { "content-type": "text/plain" }).end("not found")
    return
  }
  response.writeHead(200, answer.headers).end(answer.body)
}).listen(port, "127.0.0.1", () => console.log(`baseline (static pages): ${answers.size} paths on ${port}`))

process.on("SIGTERM", () => process.exit(0))
