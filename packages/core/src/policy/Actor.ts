import { Context } from "effect"
import type { UserRecord } from "../storage/users/UserRecord.js"

/** The authenticated user on whose behalf a service call runs. */
export class Actor extends Context.Tag("@quire/core/Actor")<Actor, UserRecord>() {}
