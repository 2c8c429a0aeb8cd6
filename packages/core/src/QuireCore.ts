import { Layer } from "effect"
import { Collections } from "./collections/Collections.js"
import { ContentEngine } from "./content/tree/ContentEngine.js"
import { Invites } from "./invites/Invites.js"
import { Members } from "./members/Members.js"
import { Organizations } from "./organizations/Organizations.js"
import { Urls } from "./shared/Urls.js"
import { Spaces } from "./spaces/Spaces.js"
import { Teams } from "./teams/Teams.js"
import { ApiTokens } from "./tokens/ApiTokens.js"
import { Users } from "./users/Users.js"

/** Every core service. Needs a storage adapter's layer (Storage + repositories), and `Urls`. */
const services = Layer.mergeAll(
  Users.Default,
  ApiTokens.Default,
  Organizations.Default,
  Members.Default,
  Invites.Default,
  Teams.Default,
  Collections.Default,
  Spaces.Default,
  ContentEngine.Default
)

export const QuireCore = {
  services,
  /** The services, and the `Urls` they build from `publicUrl`. */
  layer: (options: { readonly publicUrl: string }) =>
    services.pipe(Layer.provideMerge(Urls.layer(options.publicUrl)))
} as const
