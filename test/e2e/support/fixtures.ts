import { GitBookAPIError } from "@gitbook/api"
import { expect } from "vitest"
import { exercised, type GitBookClient, gitbook, specViolations } from "./client.js"
import { MemberRole } from "./gitbookTypes.js"
import type { RunningServer } from "./server.js"

export interface CliUser {
  readonly object: "user"
  readonly id: string
  readonly displayName: string
  readonly email: string
}

/** A user made with `quire users create`, with its token and an official client acting as it. */
export interface Principal {
  readonly user: CliUser
  readonly token: string
  readonly api: GitBookClient
}

/** Makes a user through the CLI against the server's database. */
export const makeUser = async (server: RunningServer, email: string, name: string): Promise<Principal> => {
  const out = await server.cli("users", "create", "--email", email, "--name", name)
  const line = out
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"))
  if (line === undefined) throw new Error(`quire users create printed no JSON:\n${out}`)
  const { user, token } = JSON.parse(line) as { user: CliUser; token: string }
  return { user, token, api: gitbook(server.url, token) }
}

/**
 * Makes several users, one after the other: concurrent `quire users create` runs on one
 * SQLite file sometimes fail with SQLITE_BUSY / SQLITE_BUSY_SNAPSHOT (reported), which would
 * make every test of the file fail for a reason none of them is about.
 */
export const makeUsers = async <const Names extends ReadonlyArray<string>>(
  server: RunningServer,
  domain: string,
  names: Names
): Promise<{ [K in keyof Names]: Principal }> => {
  const made: Array<Principal> = []
  for (const name of names) made.push(await makeUser(server, `${name.toLowerCase()}@${domain}`, name))
  return made as { [K in keyof Names]: Principal }
}

/** The `GitBookAPIError` a call fails with; fails the test if the call succeeds. */
export const failure = async (call: Promise<unknown>): Promise<GitBookAPIError> => {
  try {
    await call
  } catch (error) {
    if (error instanceof GitBookAPIError) return error
    throw error
  }
  throw new Error("expected the call to fail, it succeeded")
}

/** Expects the call to fail with `status`, and its message (the body's `error.message`) to match. */
export const expectFailure = async (call: Promise<unknown>, status: number, message?: string | RegExp) => {
  const error = await failure(call)
  expect({ status: error.code, message: error.errorMessage }).toMatchObject({ status })
  if (message !== undefined) expect(error.errorMessage).toMatch(message)
  return error
}

/** Takes the spec violations seen so far; each test asserts it saw none. */
export const takeSpecViolations = (): Array<string> => specViolations.splice(0)

/** Operations of `expected` this file never saw answer with a success status. */
export const notExercised = (expected: ReadonlyArray<string>): Array<string> =>
  expected.filter((op) => ![...(exercised.get(op) ?? [])].some((status) => status >= 200 && status < 300))

/** `member` joins `organization` through an invite link of `role` that `admin` makes. */
export const joinWithRole = async (admin: Principal, organization: string, member: Principal, role: MemberRole) => {
  const invite = (await admin.api.orgs.createOrganizationInvite(organization, { role })).data.id
  await member.api.orgs.joinOrganizationWithInvite(organization, invite)
}

/** Acme and the people of most tests: ada administers it, carl reads in it, eve is outside it. */
export const makeAcme = async (server: RunningServer) => {
  const [ada, carl] = await makeUsers(server, "acme.test", ["Ada", "Carl"])
  const [eve] = await makeUsers(server, "evil.test", ["Eve"])
  const acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  await joinWithRole(ada, acme, carl, MemberRole.Read)
  return { ada, carl, eve, acme }
}

/** `makeAcme`, and bob, who edits in it. */
export const makeAcmeWithEditor = async (server: RunningServer) => {
  const people = await makeAcme(server)
  const [bob] = await makeUsers(server, "acme.test", ["Bob"])
  await joinWithRole(people.ada, people.acme, bob, MemberRole.Edit)
  return { ...people, bob }
}
