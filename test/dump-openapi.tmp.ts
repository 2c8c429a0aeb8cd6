import { OpenApi } from "@effect/platform"
import { QuireApi } from "@quire/http"
process.stdout.write(JSON.stringify(OpenApi.fromApi(QuireApi), null, 2))
