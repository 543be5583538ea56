import type { Caller } from '../auth/caller';
import type { Logger } from '../infra/logger';
import type { Services } from '../services';
import type { ImageStorage } from '../uploads/image-storage';
import type { Loaders } from './loaders';

/** Per-request context shared by GraphQL resolvers and REST handlers. */
export interface RequestContext {
  requestId: string;
  log: Logger;
  caller: Caller;
  services: Services;
  /** Per-request batching of related records (see loaders.ts). */
  loaders: Loaders;
  storage: ImageStorage;
}
