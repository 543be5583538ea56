import type { Caller } from '../auth/caller';
import type { Logger } from '../infra/logger';
import type { Services } from '../services';

/** Per-request context shared by GraphQL resolvers and REST handlers. */
export interface RequestContext {
  requestId: string;
  log: Logger;
  caller: Caller;
  services: Services;
}
