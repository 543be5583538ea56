// What concurrency tests compare: each call's outcome in one shape, whichever
// door (GraphQL or REST) it went through, so a test can count winners and check
// that every loser was refused cleanly (a typed error, never a 500).
import type { GraphqlResponse } from './test-app';

export interface Outcome {
  ok: boolean;
  /** The error code (GraphQL extensions.code, REST body.code), null on success. */
  code: string | null;
  message: string | null;
  /** The HTTP status (GraphQL answers too). */
  status: number;
}

export function graphqlOutcome(result: GraphqlResponse<unknown>): Outcome {
  const error = result.errors?.[0];
  return { ok: !error, code: error?.extensions?.code ?? null, message: error?.message ?? null, status: result.status };
}

// REST bodies are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function restOutcome(response: { status: number; body: any }): Outcome {
  const ok = response.status >= 200 && response.status < 300;
  return { ok, code: ok ? null : (response.body?.code ?? `HTTP ${response.status}`), message: ok ? null : (response.body?.message ?? null), status: response.status };
}

/** The refusals among `outcomes`, as "CODE: message" (sorted), for one readable assertion. */
export const refusalsOf = (outcomes: Outcome[]) => outcomes.filter((outcome) => !outcome.ok).map((outcome) => `${outcome.code}: ${outcome.message}`).sort();

/** No call ended in an internal error: no INTERNAL_SERVER_ERROR, no 5xx but the deliberate 503/429-style refusals. */
export const internalErrorsOf = (outcomes: Outcome[]) => outcomes.filter((outcome) => outcome.code === 'INTERNAL_SERVER_ERROR' || outcome.status === 500);
