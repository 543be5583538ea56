// Every kind of job the app queues, and what runs them, from the domains
// (domains.ts): the one list the API process (JOB_WORKERS=in-process) and
// `npm run worker` both start.
import { DOMAINS, type JobHandlerDeps } from '../domains';
import type { JobHandler, JobKind } from './job-queue';

export type { JobHandlerDeps } from '../domains';

export const JOB_KINDS: Array<JobKind<object>> = DOMAINS.flatMap(({ jobs }) => jobs?.kinds ?? []);

export const createJobHandlers = (deps: JobHandlerDeps): JobHandler[] => DOMAINS.flatMap(({ jobs }) => jobs?.handlers(deps) ?? []);
