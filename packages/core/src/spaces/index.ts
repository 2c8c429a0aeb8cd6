export * from "./SpaceRecord.js"
export * from "./SpaceRepository.js"
