import type { Body } from "./request.js"

/** A whole-body case: what is sent as the body, and what it is. */
export interface BodyCase {
  readonly label: string
  readonly body: Body
}

const json = (text: string): Body => ({ kind: "raw", contentType: "application/json", text })

const DEEP = 10_000
/** Issue 7's default body cap, 1 MB (Quire's default is 1 MiB). */
export const BODY_CAP_BYTES = 1_048_576

/**
 * Bodies that are wrong as a whole, for an operation that takes a JSON body: unreadable or
 * odd JSON, nesting 10,000 deep, other content types, and a body over the cap.
 */
export const bodyCases = (base: unknown): ReadonlyArray<BodyCase> => {
  const text = JSON.stringify(base)
  const firstKey = base !== null && typeof base === "object" ? (Object.keys(base)[0] ?? "title") : "title"
  return [
    { label: "body: none", body: { kind: "none" } },
    { label: "body: empty, declared JSON", body: json("") },
    { label: "body: JSON null", body: json("null") },
    { label: "body: a JSON array", body: json("[]") },
    { label: "body: a JSON string", body: json('"text"') },
    { label: "body: unreadable JSON", body: json('{"') },
    { label: "body: JSON then garbage", body: json(`${text}x`) },
    { label: "body: a byte-order mark before the JSON", body: json(`\ufeff${text}`) },
    { label: "body: duplicate keys", body: json(`{"${firstKey}":"one","${firstKey}":"two"}`) },
    { label: "body: a number beyond double range (1e999)", body: json(`{"${firstKey}":1e999}`) },
    { label: `body: arrays nested ${DEEP} deep`, body: json("[".repeat(DEEP) + "]".repeat(DEEP)) },
    { label: `body: objects nested ${DEEP} deep`, body: json(`{"${firstKey}":`.repeat(DEEP) + "null" + "}".repeat(DEEP)) },
    { label: "body: JSON sent as text/plain", body: { kind: "raw", contentType: "text/plain", text } },
    {
      label: "body: a form sent as application/x-www-form-urlencoded",
      body: { kind: "raw", contentType: "application/x-www-form-urlencoded", text: `${firstKey}=text` }
    },
    {
      label: "body: multipart/form-data",
      body: {
        kind: "raw",
        contentType: "multipart/form-data; boundary=fuzz",
        text: `--fuzz\r\nContent-Disposition: form-data; name="${firstKey}"\r\n\r\ntext\r\n--fuzz--\r\n`
      }
    },
    { label: "body: JSON without a content type", body: { kind: "raw", contentType: undefined, text } },
    { label: "body: over the 1 MB cap", body: json(JSON.stringify({ [firstKey]: "a".repeat(BODY_CAP_BYTES + 65_536) })) }
  ]
}

/** Bodies sent to an operation that takes none. */
export const unexpectedBodyCases: ReadonlyArray<BodyCase> = [
  { label: "body: unexpected JSON object", body: json('{"unexpected":true}') },
  { label: "body: unexpected unreadable JSON", body: json('{"') }
]
