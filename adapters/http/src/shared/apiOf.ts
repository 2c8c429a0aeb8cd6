import { HttpApi, type HttpApiGroup } from "@effect/platform"
import { InternalServerError, InvalidInputError, NotFoundError } from "../errors.js"
import { API_PREFIX } from "../openApiDocument.js"

/** The id every group's handlers and `QuireApi` share: a handler layer provides its group under it. */
export const API_ID = "quire"

/**
 * What every part of the API shares: the errors any request may answer, whatever its operation
 * (400 bad input, 404 no operation, 500), and the `/v1` prefix of every path.
 */
export const asQuireApi = <Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<typeof API_ID, Groups, E, R>) =>
  api.addError(InvalidInputError).addError(NotFoundError).addError(InternalServerError).prefix(API_PREFIX)

/**
 * The API as one area's handlers see it: only the area's group, under `QuireApi`'s id, errors and
 * prefix. `HttpApiBuilder.group` takes only the group's endpoints from it (errors are encoded by
 * the whole API), so an area's handlers need not import `QuireApi`, which imports every area.
 */
export const apiOf = <Group extends HttpApiGroup.HttpApiGroup.Any>(group: Group) => asQuireApi(HttpApi.make(API_ID).add(group))
