import { HttpServerResponse } from "@effect/platform"
import { Schema } from "effect"
import { NotImplemented, NotImplementedError } from "../errors.js"
import type { OfficialOperation } from "./unservedOperations.js"

const encode = Schema.encodeSync(NotImplementedError)

/** The error `operation` answers with: it is official, and this server does not implement it. */
export const notImplemented = (operation: OfficialOperation): NotImplemented =>
  new NotImplemented({
    message: `${operation.operationId} (${operation.method} /v1${operation.path}) is an operation of the GitBook API that this server does not implement`
  })

/** 501 in the official error body, naming `operation`. */
export const notImplementedAnswer = (operation: OfficialOperation): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(encode(notImplemented(operation)), { status: NotImplemented.status })
