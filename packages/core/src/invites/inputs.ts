import { Effect, Schema } from "effect"
import { InvalidInput } from "../shared/errors.js"
import { MemberRoleOrGuest } from "../shared/role.js"
import { validate } from "../shared/validation.js"

export const CreateInviteInput = Schema.Struct({ role: MemberRoleOrGuest })
export type CreateInviteInput = typeof CreateInviteInput.Encoded

export const UpdateInviteInput = Schema.Struct({ role: MemberRoleOrGuest })
export type UpdateInviteInput = typeof UpdateInviteInput.Encoded

const isObject = (input: unknown): input is Record<string, unknown> => typeof input === "object" && input !== null

/**
 * Validates an invite body. The spec's space and collection invites (`level` with `space`
 * or `collection`) are not supported yet: they are refused by name rather than with a
 * bare "role is missing".
 */
export const validateInviteInput =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (input: unknown): Effect.Effect<A, InvalidInput> =>
    isObject(input) && !("role" in input) && "level" in input
      ? Effect.fail(
          InvalidInput.of("role", "invite links to a space or a collection are not supported; give an organization role")
        )
      : validate(schema)(input)
