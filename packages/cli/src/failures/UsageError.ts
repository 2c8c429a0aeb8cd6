import { Data } from "effect"

/** Options that parse but do not go together (`tokens revoke --token T --email E`). */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}
