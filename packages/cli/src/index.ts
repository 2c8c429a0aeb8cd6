export {
  BadDatabaseUrl,
  describeStorage,
  type OnMigrated,
  parseDatabaseUrl,
  type StorageChoice,
  storageLayer
} from "@quire/embed"
export * from "./serve.js"
export * from "./ServerConfig.js"
