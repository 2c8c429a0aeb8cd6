export * from "./inputs.js"
export * from "./Invite.js"
export * from "./Invites.js"
export * from "./render.js"
