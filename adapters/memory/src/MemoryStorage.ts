import {
  BlobStore,
  ChangeRequestRepository,
  CollectionRepository,
  CommentRepository,
  CustomFieldRepository,
  Events,
  GitSyncRepository,
  SamlRepository,
  InviteRepository,
  JobRepository,
  MemberRepository,
  ObjectStore,
  OrganizationRepository,
  RevisionRepository,
  SearchIndex,
  SiteRepository,
  SpaceRepository,
  Storage,
  StorageChanges,
  type StoragePorts,
  TeamRepository,
  TokenRepository,
  TranslationRepository,
  OpenApiSpecRepository,
  IntegrationRepository,
  UserRepository
} from "@quire/core"
import { Context, Effect, Layer } from "effect"
import { makeMemoryBlobStore } from "./content/MemoryBlobStore.js"
import { makeMemoryChangeRequestRepository } from "./change-requests/MemoryChangeRequestRepository.js"
import { makeMemoryCommentRepository } from "./comments/MemoryCommentRepository.js"
import { makeMemoryEvents } from "./events/MemoryEvents.js"
import { makeMemoryCollectionRepository } from "./collections/MemoryCollectionRepository.js"
import { makeMemoryGitSyncRepository } from "./git-sync/MemoryGitSyncRepository.js"
import { makeMemorySamlRepository } from "./saml/MemorySamlRepository.js"
import { makeMemoryJobRepository } from "./jobs/MemoryJobRepository.js"
import { makeMemoryInviteRepository } from "./invites/MemoryInviteRepository.js"
import { makeMemoryMemberRepository } from "./members/MemoryMemberRepository.js"
import { makeMemoryObjectStore } from "./content/MemoryObjectStore.js"
import { makeMemoryOrganizationRepository } from "./organizations/MemoryOrganizationRepository.js"
import { makeMemoryRevisionRepository } from "./content/MemoryRevisionRepository.js"
import { makeMemorySearchIndex } from "./search/MemorySearchIndex.js"
import { makeMemorySiteRepository } from "./sites/MemorySiteRepository.js"
import { makeMemorySpaceRepository } from "./spaces/MemorySpaceRepository.js"
import { makeMemoryStore } from "./shared/MemoryStore.js"
import { makeMemoryTeamRepository } from "./teams/MemoryTeamRepository.js"
import { makeMemoryTokenRepository } from "./tokens/MemoryTokenRepository.js"
import { makeMemoryUserRepository } from "./users/MemoryUserRepository.js"
import { makeMemoryTranslationRepository } from "./translations/MemoryTranslationRepository.js"
import { makeMemoryCustomFieldRepository } from "./custom-fields/MemoryCustomFieldRepository.js"
import { makeMemoryOpenApiSpecRepository } from "./openapi/MemoryOpenApiSpecRepository.js"
import { makeMemoryIntegrationRepository } from "./integrations/MemoryIntegrationRepository.js"


/** Every storage port, kept in memory. Each build of `layer` is a new, empty store. */
export const MemoryStorage: { readonly layer: Layer.Layer<StoragePorts> } = {
  layer: Layer.effectContext(
    Effect.map(makeMemoryStore, (store) =>
      Context.empty().pipe(
        Context.add(Storage, { transaction: store.transaction }),
        Context.add(UserRepository, makeMemoryUserRepository(store)),
        Context.add(TokenRepository, makeMemoryTokenRepository(store)),
        Context.add(OrganizationRepository, makeMemoryOrganizationRepository(store)),
        Context.add(MemberRepository, makeMemoryMemberRepository(store)),
        Context.add(InviteRepository, makeMemoryInviteRepository(store)),
        Context.add(TeamRepository, makeMemoryTeamRepository(store)),
        Context.add(CollectionRepository, makeMemoryCollectionRepository(store)),
        Context.add(SpaceRepository, makeMemorySpaceRepository(store)),
        Context.add(ObjectStore, makeMemoryObjectStore(store)),
        Context.add(BlobStore, makeMemoryBlobStore(store)),
        Context.add(RevisionRepository, makeMemoryRevisionRepository(store)),
        Context.add(ChangeRequestRepository, makeMemoryChangeRequestRepository(store)),
        Context.add(CommentRepository, makeMemoryCommentRepository(store)),
        Context.add(SiteRepository, makeMemorySiteRepository(store)),
        Context.add(Events, makeMemoryEvents(store)),
        Context.add(SearchIndex, makeMemorySearchIndex(store)),
        Context.add(JobRepository, makeMemoryJobRepository(store)),
        Context.add(GitSyncRepository, makeMemoryGitSyncRepository(store)),
        Context.add(SamlRepository, makeMemorySamlRepository(store))
      ).pipe(
        // `pipe` takes at most 20 functions: the ports past the 20th are added here.
        Context.add(TranslationRepository, makeMemoryTranslationRepository(store)),
        Context.add(CustomFieldRepository, makeMemoryCustomFieldRepository(store)),
        Context.add(OpenApiSpecRepository, makeMemoryOpenApiSpecRepository(store)),
        Context.add(IntegrationRepository, makeMemoryIntegrationRepository(store)),
        Context.add(StorageChanges, { mark: store.mark })
      )
    )
  )
}
