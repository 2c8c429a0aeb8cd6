/**
 * Requests Node's HTTP parser refuses before any handler runs (issue 7: they must answer in
 * the error shape too). Each is sent as raw bytes on a connection of its own.
 */
export interface TransportCase {
  readonly label: string
  readonly bytes: string
}

const request = (lines: ReadonlyArray<string>, body = "") => `${lines.join("\r\n")}\r\n\r\n${body}`

export const TRANSPORT_CASES: ReadonlyArray<TransportCase> = [
  { label: "transport: a request line that is not HTTP", bytes: "GARBAGE\r\n\r\n" },
  { label: "transport: headers over 16 KB", bytes: request(["GET /v1/ HTTP/1.1", "Host: fuzz", `X-Fuzz: ${"a".repeat(20_000)}`]) },
  { label: "transport: a path over 16 KB", bytes: request([`GET /v1/spaces/${"a".repeat(20_000)} HTTP/1.1`, "Host: fuzz"]) },
  { label: "transport: a space in the path", bytes: request(["GET /v1/a b HTTP/1.1", "Host: fuzz"]) },
  { label: "transport: an invalid header name", bytes: request(["GET /v1/ HTTP/1.1", "Host: fuzz", "Bad Header: x"]) },
  {
    label: "transport: two different content lengths",
    bytes: request(["POST /v1/orgs HTTP/1.1", "Host: fuzz", "Content-Type: application/json", "Content-Length: 2", "Content-Length: 3"], "{}")
  },
  {
    label: "transport: a chunked body with a bad chunk size",
    bytes: request(["POST /v1/orgs HTTP/1.1", "Host: fuzz", "Content-Type: application/json", "Transfer-Encoding: chunked"], "zz\r\n{}\r\n0\r\n\r\n")
  },
  { label: "transport: an unknown HTTP version", bytes: request(["GET /v1/ HTTP/9.9", "Host: fuzz"]) }
]
