import { openQuire, type Quire } from "@quire/embed"

/** A Quire on memory storage with an admin (Ada, who made the organization) and Bob, not a member. */
export const world = async (database = "memory:") => {
  const quire: Quire = await openQuire({ database, publicUrl: "https://docs.example.com" })
  const ada = await quire.users.create({ email: "ada@example.com", displayName: "Ada" })
  const bob = await quire.users.create({ email: "bob@example.com", displayName: "Bob" })
  const org = await quire.as(ada).organizations.create({ title: "Acme" })
  const space = await quire.as(ada).spaces.create(org.id, { title: "Handbook" })
  return { quire, ada, bob, org, space }
}

/** The rejection of a promise that must reject. */
export const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error("expected a rejection")
}
