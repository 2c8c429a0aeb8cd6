/** Quire's own Node HTTP server for `@effect/platform` apps (`import { NodeServer } from "@quire/http/node"`). */
export * as NodeServer from "./NodeServer.js"
export { NodeFastLane } from "./NodeFastLane.js"
