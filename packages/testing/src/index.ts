export * from "./QuireArbitrary.js"
export * from "./QuireTest.js"
