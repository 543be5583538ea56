// One instance of every domain service per app; GraphQL resolvers and REST
// handlers both call these, so rules and authorization live in one place.
// Which services there are, and in what order they are made, is domains.ts.
import { makeDomainServices, type DomainServices, type ServiceDeps } from './domains';

export type { ServiceDeps } from './domains';

export type Services = DomainServices;

export function createServices({ eventsAndJobs, ...base }: ServiceDeps): Services {
  return makeDomainServices({ ...base, ...eventsAndJobs }) as Services;
}
