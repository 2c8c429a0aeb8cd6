export * from "./MemberRecord.js"
export * from "./MemberRepository.js"
