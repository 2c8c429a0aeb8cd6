export * from "./inputs.js"
export * from "./render.js"
export * from "./User.js"
export * from "./Users.js"
