import { createServer, type Server } from "node:http"
import type { GitBookClient } from "./client.js"

/** Waits until the spec's processing ended (`complete`); the spec as then read. */
export const processedSpec = async (api: GitBookClient, organization: string, slug: string) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    const spec = (await api.orgs.getOpenApiSpecBySlug(organization, slug)).data
    if (spec.processingState === "complete") return spec
    if (Date.now() > deadline) throw new Error(`the processing of ${slug} did not end: ${JSON.stringify(spec)}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

/** Waits until the spec's processing ended with a version; its id. */
export const processedVersion = async (api: GitBookClient, organization: string, slug: string) => {
  const spec = await processedSpec(api, organization, slug)
  if (spec.lastVersion === undefined) throw new Error(`${slug} was processed without a version: ${JSON.stringify(spec)}`)
  return spec.lastVersion
}

/** A loopback HTTP server serving documents by path (what `documents` holds when asked: tests change it). */
export interface DocumentServer {
  readonly url: string
  readonly documents: Map<string, string>
  readonly close: () => Promise<void>
}

export const startDocumentServer = async (): Promise<DocumentServer> => {
  const documents = new Map<string, string>()
  const server: Server = createServer((request, response) => {
    const body = documents.get(request.url ?? "")
    if (body === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    response.writeHead(200, { "content-type": request.url?.endsWith(".json") ? "application/json" : "application/yaml" }).end(body)
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    documents,
    close: () => new Promise<void>((done) => server.close(() => done()))
  }
}
