import type { ChangeRequestRepository } from "./storage/change-requests/ChangeRequestRepository.js"
import type { CollectionRepository } from "./storage/collections/CollectionRepository.js"
import type { CommentRepository } from "./storage/comments/CommentRepository.js"
import type { BlobStore } from "./storage/content/BlobStore.js"
import type { ObjectStore } from "./storage/content/ObjectStore.js"
import type { Events } from "./storage/events/Events.js"
import type { RevisionRepository } from "./storage/content/RevisionRepository.js"
import type { GitSyncRepository } from "./storage/git-sync/GitSyncRepository.js"
import type { SamlRepository } from "./storage/saml/SamlRepository.js"
import type { JobRepository } from "./storage/jobs/JobRepository.js"
import type { InviteRepository } from "./storage/invites/InviteRepository.js"
import type { MemberRepository } from "./storage/members/MemberRepository.js"
import type { OrganizationRepository } from "./storage/organizations/OrganizationRepository.js"
import type { SearchIndex } from "./storage/search/SearchIndex.js"
import type { SiteRepository } from "./storage/sites/SiteRepository.js"
import type { SpaceRepository } from "./storage/spaces/SpaceRepository.js"
import type { TeamRepository } from "./storage/teams/TeamRepository.js"
import type { TokenRepository } from "./storage/tokens/TokenRepository.js"
import type { UserRepository } from "./storage/users/UserRepository.js"
import type { Storage } from "./storage/Storage.js"
import type { StorageChanges } from "./storage/StorageChanges.js"
import type { TranslationRepository } from "./storage/translations/TranslationRepository.js"
import type { CustomFieldRepository } from "./storage/custom-fields/CustomFieldRepository.js"
import type { OpenApiSpecRepository } from "./storage/openapi/OpenApiSpecRepository.js"
import type { IntegrationRepository } from "./storage/integrations/IntegrationRepository.js"

/** Every port a storage adapter provides: what the core services need from storage. */
export type StoragePorts =
  | Storage
  | StorageChanges
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
  | ChangeRequestRepository
  | CommentRepository
  | Events
  | SiteRepository
  | SearchIndex
  | JobRepository
  | GitSyncRepository
  | SamlRepository
  | TranslationRepository
  | CustomFieldRepository
  | OpenApiSpecRepository
  | IntegrationRepository
