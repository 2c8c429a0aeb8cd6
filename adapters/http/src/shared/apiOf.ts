import { HttpApi, type HttpApiGroup } from "@effect/platform"
import { InternalServerError, InvalidInputError, NotFoundError } from "../errors.js"

/** The id every group's handlers and `QuireApi` share: a handler layer provides its group under it. */
export const API_ID = "quire"

/** Adds the errors any request may answer, whatever its operation: 400 (bad input), 404 (no operation), 500. */
export const withApiErrors = <Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<typeof API_ID, Groups, E, R>) =>
  api.addError(InvalidInputError).addError(NotFoundError).addError(InternalServerError)

/**
 * The API as one area's handlers see it: only the area's group, under `QuireApi`'s id and with its
 * errors. `HttpApiBuilder.group` takes only the group's endpoints from it (errors are encoded by
 * the whole API), so an area's handlers need not import `QuireApi`, which imports every area.
 */
export const apiOf = <Group extends HttpApiGroup.HttpApiGroup.Any>(group: Group) => withApiErrors(HttpApi.make(API_ID).add(group))
