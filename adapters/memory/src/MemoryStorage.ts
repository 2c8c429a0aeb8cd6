import {
  BlobStore,
  ChangeRequestRepository,
  CollectionRepository,
  InviteRepository,
  MemberRepository,
  ObjectStore,
  OrganizationRepository,
  RevisionRepository,
  SpaceRepository,
  Storage,
  type StoragePorts,
  TeamRepository,
  TokenRepository,
  UserRepository
} from "@quire/core"
import { Context, Effect, Layer } from "effect"
import { makeMemoryBlobStore } from "./MemoryBlobStore.js"
import { makeMemoryChangeRequestRepository } from "./MemoryChangeRequestRepository.js"
import { makeMemoryCollectionRepository } from "./MemoryCollectionRepository.js"
import { makeMemoryInviteRepository } from "./MemoryInviteRepository.js"
import { makeMemoryMemberRepository } from "./MemoryMemberRepository.js"
import { makeMemoryObjectStore } from "./MemoryObjectStore.js"
import { makeMemoryOrganizationRepository } from "./MemoryOrganizationRepository.js"
import { makeMemoryRevisionRepository } from "./MemoryRevisionRepository.js"
import { makeMemorySpaceRepository } from "./MemorySpaceRepository.js"
import { makeMemoryStore } from "./MemoryStore.js"
import { makeMemoryTeamRepository } from "./MemoryTeamRepository.js"
import { makeMemoryTokenRepository } from "./MemoryTokenRepository.js"
import { makeMemoryUserRepository } from "./MemoryUserRepository.js"

export type MemoryStorageServices = StoragePorts

/** Every storage port, kept in memory. Each build of `layer` is a new, empty store. */
export const MemoryStorage: { readonly layer: Layer.Layer<MemoryStorageServices> } = {
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
        Context.add(ChangeRequestRepository, makeMemoryChangeRequestRepository(store))
      )
    )
  )
}
