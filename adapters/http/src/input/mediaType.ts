/**
 * Whether a Content-Type names JSON: `application/json` or any `application/*+json`, with
 * no charset but UTF-8 (JSON is UTF-8; RFC 8259; `utf8` is taken too). Case and spaces do not
 * matter.
 */
export const isJsonMediaType = (contentType: string | undefined): boolean => {
  if (contentType === undefined) return false
  const [essence = "", ...parameters] = contentType.toLowerCase().split(";")
  const type = essence.trim()
  if (type !== "application/json" && !(type.startsWith("application/") && type.endsWith("+json"))) return false
  return parameters.every((parameter) => {
    const [name = "", value = ""] = parameter.split("=")
    const charset = value.trim().replace(/^"(.*)"$/, "$1")
    return name.trim() !== "charset" || charset === "utf-8" || charset === "utf8"
  })
}
