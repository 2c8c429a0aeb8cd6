export * from "./PostgresStorage.js"
