import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"

/**
 * What a handler of the endpoint `Name` of `Group` receives (path, query, payload, the request):
 * for handlers written apart from their `HttpApiBuilder.group`, typed as that group would type them.
 */
export type RequestOf<Group extends HttpApiGroup.HttpApiGroup.Any, Name extends string> = HttpApiEndpoint.HttpApiEndpoint.Request<
  HttpApiEndpoint.HttpApiEndpoint.WithName<HttpApiGroup.HttpApiGroup.Endpoints<Group>, Name>
>
