export * from "./InviteRepository.js"
