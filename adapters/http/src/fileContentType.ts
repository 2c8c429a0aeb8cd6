import { isMediaType } from "@quire/core"

/**
 * The `Content-Type` a file is downloaded with: its own when it is a media type Quire takes
 * today; anything else (stored before `contentType` had a limit and a shape, or written to
 * storage by other means) is sent as `application/octet-stream`, so that no answer carries a
 * header a client cannot read (over 255 characters, or not a header value at all).
 */
export const downloadContentType = (stored: string): string => (isMediaType(stored) ? stored : "application/octet-stream")
