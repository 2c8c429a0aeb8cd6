import { Context } from "effect"
import type { PersistentMaps } from "./PersistentMap.js"

/** The persistent maps of the application (see `PersistentMapsLive`). */
export class PersistentMapsService extends Context.Tag("@quire/core/PersistentMaps")<PersistentMapsService, PersistentMaps>() {}
