import type { CollectionRepository } from "../collections/CollectionRepository.js"
import type { BlobStore } from "../content/BlobStore.js"
import type { ObjectStore } from "../content/ObjectStore.js"
import type { RevisionRepository } from "../content/RevisionRepository.js"
import type { InviteRepository } from "../invites/InviteRepository.js"
import type { MemberRepository } from "../members/MemberRepository.js"
import type { OrganizationRepository } from "../organizations/OrganizationRepository.js"
import type { SpaceRepository } from "../spaces/SpaceRepository.js"
import type { TeamRepository } from "../teams/TeamRepository.js"
import type { TokenRepository } from "../tokens/TokenRepository.js"
import type { UserRepository } from "../users/UserRepository.js"
import type { Storage } from "./Storage.js"

/** Every port a storage adapter provides: what the core services need from storage. */
export type StoragePorts =
  | Storage
  | UserRepository
  | TokenRepository
  | OrganizationRepository
  | MemberRepository
  | InviteRepository
  | TeamRepository
  | CollectionRepository
  | SpaceRepository
  | ObjectStore
  | BlobStore
  | RevisionRepository
