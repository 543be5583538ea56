// What a write the database refused means to the caller, decided once for the
// whole API (GraphQL's formatError and the REST error handler both ask
// `appErrorOfDatabaseError`), so that no service needs its own try/catch and no
// race between two requests ever surfaces as INTERNAL_SERVER_ERROR / HTTP 500.
//
// Every unique constraint of the schema is listed in UNIQUE_CONSTRAINTS with its
// meaning: either CONFLICT with a clear message (the second writer lost, nothing
// was changed), or idempotent (the writer that loses gets the winner's row; the
// named service or statement does that itself, with ON CONFLICT or a re-read).
// server/db/constraint-meanings.test.ts fails for a unique constraint or index
// in the database that this table does not explain. docs/invariants.md lists them.
import { AppError, badInput, conflict, notFound } from '../shared/errors';
import { databaseUnavailable, isDatabaseUnavailable } from './unavailable';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from '@opennest/common/validation/address';

export type UniqueMeaning =
  /** The second writer gets CONFLICT with this message. */
  | { conflict: string }
  /** The second writer gets the first one's row (or nothing happens): `how` says where that is done. */
  | { idempotent: string };

// Messages callers have always had (the spec's wording where it has one).
export const ALREADY_IN_WISHLIST = 'Already in wishlist';
export const OPEN_OFFER_EXISTS = 'You already have an open offer on this property.';
export const ALREADY_ACCEPTED = 'Another offer on this property has already been accepted.';
export const ALREADY_REPORTED = 'You have already reported this listing; an admin will look at it.';
export const EMAIL_TAKEN = 'This e-mail address already belongs to another account.';
export const PAYMENT_RECORDED_ELSEWHERE = 'This payment is already recorded for another offer.';
export const VIEWING_TIME_TAKEN = 'This time was just taken by another viewing of this home. Choose another time.';
export const FEEDBACK_ALREADY_GIVEN = 'You have already left feedback on this viewing.';
/** Saved searches a buyer may keep: the trigger saved_searches_cap (migration 20261130100000_saved_search_cap) holds it. */
export const SAVED_SEARCH_LIMIT = 50;
export const SAVED_SEARCH_CAP_REACHED = `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches. Delete one first.`;

/** Unique constraints and indexes by name (as PostgreSQL names them), and what a violation means. */
export const UNIQUE_CONSTRAINTS: Record<string, UniqueMeaning> = {
  users_email_key: { conflict: EMAIL_TAKEN },
  users_firebase_uid_key: { idempotent: 'users.service recordSignIn: a concurrent first sign-in of the same identity re-reads the record the other one created' },
  wishlist_items_user_id_property_id_key: { conflict: ALREADY_IN_WISHLIST },
  offers_one_open_offer_per_buyer: { conflict: OPEN_OFFER_EXISTS },
  offers_one_accepted_offer_per_property: { conflict: ALREADY_ACCEPTED },
  offers_transaction_id_key: { conflict: PAYMENT_RECORDED_ELSEWHERE },
  offers_payment_intent_id_key: { conflict: PAYMENT_RECORDED_ELSEWHERE },
  listing_reports_one_open_per_reporter: { conflict: ALREADY_REPORTED },
  property_photos_property_id_position_key: { conflict: 'The listing’s photos were changed at the same moment by another request; nothing was saved. Please try again.' },
  conversations_property_id_buyer_id_agent_id_key: { idempotent: 'messages.service contactAgent: INSERT ... ON CONFLICT DO NOTHING, then the one conversation is read' },
  newsletter_subscriptions_email_key: { idempotent: 'newsletter.service subscribe: INSERT ... ON CONFLICT (email) DO UPDATE' },
  newsletter_subscriptions_confirmation_token_hash_key: { idempotent: 'random 256-bit tokens; confirming twice is a conditional UPDATE' },
  notifications_recipient_id_dedupe_key_key: { idempotent: 'notifier: INSERT ... ON CONFLICT (recipient_id, dedupe_key) DO NOTHING (one notification per event)' },
  notification_settings_pkey: { idempotent: 'notifications.service: upsert (INSERT ... ON CONFLICT DO UPDATE), the last choice wins' },
  saved_search_matches_pkey: { idempotent: 'saved-searches/matching.ts: INSERT ... ON CONFLICT DO NOTHING (a listing alerts a saved search once)' },
  revoked_identities_pkey: { idempotent: 'user-admin.service deleteUser: upsert under the account’s row lock' },
  listing_view_days_pkey: { idempotent: 'listing-numbers.service: INSERT ... ON CONFLICT DO UPDATE (views + 1)' },
  listing_view_keys_pkey: { idempotent: 'listing-numbers.service: INSERT ... ON CONFLICT DO NOTHING (one view per viewer per day)' },
  listing_view_secrets_pkey: { idempotent: 'listing-numbers.service: INSERT ... ON CONFLICT DO NOTHING, then the stored secret is read' },
  viewing_blocked_dates_pkey: { idempotent: 'viewings.service setAvailability: the dates are de-duplicated and replaced as a whole under the listing’s lock' },
  viewing_feedback_pkey: { conflict: FEEDBACK_ALREADY_GIVEN },
  reply_questions_pkey: { idempotent: 'insight/reply-time.ts recordQuestion: INSERT ... ON CONFLICT DO NOTHING (a conversation asks once)' },
  agent_reply_figures_pkey: { idempotent: 'insight/reply-time.ts: INSERT ... ON CONFLICT DO NOTHING / DO UPDATE under the figure row’s lock' },
  places_pkey: { idempotent: 'the triggers properties_places_count (20261127100000_structured_address) and users_places_count (20261128130000_places_count_fraud): INSERT ... ON CONFLICT DO UPDATE of the count' },
  api_keys_key_id_key: { conflict: 'Two API keys got the same random key id (one chance in 2^62); nothing was saved. Please try again.' },
  trusted_documents_pkey: { idempotent: 'api-keys.service registerDocument: INSERT ... ON CONFLICT DO NOTHING under the owner’s lock, then the one row is read (registering again changes nothing)' },
};

/**
 * Exclusion constraints (23P01) and what the caller is told. The viewings'
 * is the no-double-booking rule: the second booking of a time gets CONFLICT.
 * Overlapping availability windows are refused by the input check first; the
 * constraints hold it for any writer.
 */
export const EXCLUSION_CONSTRAINTS: Record<string, { conflict: string } | { badInput: string }> = {
  viewings_no_overlap: { conflict: VIEWING_TIME_TAKEN },
  viewing_windows_weekly_no_overlap: { badInput: 'Windows on the same day must not overlap' },
  viewing_windows_one_off_no_overlap: { badInput: 'Windows on the same day must not overlap' },
};

/** CHECK constraints a request could run into, and what the caller is told (BAD_USER_INPUT). */
export const CHECK_CONSTRAINTS: Record<string, string> = {
  property_photos_position_range: 'A listing has at most 20 photos.',
  properties_viewing_minutes_range: 'A viewing lasts 15 to 120 minutes.',
  viewing_windows_shape: 'A window must end after it starts, within one day.',
  viewing_feedback_rating_range: 'Choose a rating from 1 to 5',
  viewing_feedback_text_length: 'Feedback is at most 2000 characters',
  properties_latitude_range: LATITUDE_RANGE,
  properties_longitude_range: LONGITUDE_RANGE,
  places_listed_count_not_negative: 'A place cannot count fewer than no listings.',
};

/**
 * Check violations that triggers raise under a name of their own (a cap is a
 * count, not a row's property, so no CHECK can hold it), and what the caller
 * is told (BAD_USER_INPUT). The name is in the trigger's message and in its
 * CONSTRAINT field.
 */
export const TRIGGER_REFUSALS: Record<string, string> = {
  saved_searches_per_buyer_cap: SAVED_SEARCH_CAP_REACHED,
};

/** A unique violation of a constraint this table does not know (a bug: add the constraint's meaning above). */
export const UNIQUE_FALLBACK = 'This was changed at the same moment by another request; nothing was saved. Please try again.';
/** A foreign key violation: what the write refers to was removed meanwhile (e.g. its account or listing). */
export const REFERENCE_GONE = 'What this refers to no longer exists.';
/** An update or delete of a row a concurrent request removed first (Prisma's P2025). */
export const RECORD_GONE = 'This record no longer exists.';
/** A deadlock or serialization failure PostgreSQL resolved by cancelling this request; nothing was changed. */
export const TRY_AGAIN = 'Another change to the same records happened at the same moment; nothing was changed. Please try again.';

interface DatabaseRefusal {
  /** PostgreSQL's SQLSTATE (23505 unique, 23503 foreign key, 40P01 deadlock, ...), when there is one. */
  sqlState?: string;
  /** Prisma's code (P2002, P2025, ...), when there is one. */
  prismaCode?: string;
  /** The constraint or index named by the violation. */
  constraint?: string;
}

/**
 * Reads the SQLSTATE and the constraint out of what Prisma throws (with the pg
 * driver adapter, they are under meta.driverAdapterError.cause, for model
 * queries and raw ones alike) or out of a pg error.
 */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const candidate = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: Record<string, unknown> } }; constraint?: unknown; name?: unknown };
  const cause = candidate.meta?.driverAdapterError?.cause;
  const prismaCode = typeof candidate.code === 'string' && /^P\d{4}$/.test(candidate.code) ? candidate.code : undefined;
  if (cause) {
    const sqlState = typeof cause.originalCode === 'string' ? cause.originalCode : typeof cause.code === 'string' ? cause.code : undefined;
    const named = cause.constraint as { index?: unknown } | undefined;
    const constraint = typeof named?.index === 'string' ? named.index : constraintInMessage(cause.originalMessage);
    return { sqlState, prismaCode, constraint };
  }
  if (prismaCode) return { prismaCode };
  // node-postgres errors (statements sent on a pg connection directly).
  if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.constraint === 'string') {
    return { sqlState: candidate.code, constraint: candidate.constraint };
  }
  return null;
}

const constraintInMessage = (message: unknown) => (typeof message === 'string' ? /constraint "([^"]+)"/.exec(message)?.[1] : undefined);

/** Whether `error` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const refusal = databaseRefusalOf(error);
  if (!refusal || (refusal.sqlState !== '23505' && refusal.prismaCode !== 'P2002')) return false;
  return constraint === undefined || refusal.constraint === constraint;
}

/**
 * The caller-facing error for a database error that a request can cause by
 * racing another one, or for an unreachable database; null for anything else
 * (a bug: logged and masked as INTERNAL_SERVER_ERROR by the caller of this).
 */
export function appErrorOfDatabaseError(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const refusal = databaseRefusalOf(error);
  if (!refusal) return null;
  // A transaction that could not start (or finish) in time: every connection was busy
  // with transactions queued on the same locks. The caller may retry; nothing was changed.
  if (refusal.prismaCode === 'P2028') return databaseUnavailable();
  if (refusal.sqlState === '23505' || refusal.prismaCode === 'P2002') {
    const meaning = refusal.constraint ? UNIQUE_CONSTRAINTS[refusal.constraint] : undefined;
    return conflict(meaning && 'conflict' in meaning ? meaning.conflict : UNIQUE_FALLBACK);
  }
  if (refusal.sqlState === '23514' && refusal.constraint) {
    const message = CHECK_CONSTRAINTS[refusal.constraint] ?? TRIGGER_REFUSALS[refusal.constraint];
    if (message) return badInput(message);
  }
  if (refusal.sqlState === '23P01') {
    const meaning = refusal.constraint ? EXCLUSION_CONSTRAINTS[refusal.constraint] : undefined;
    if (meaning && 'badInput' in meaning) return badInput(meaning.badInput);
    return conflict(meaning?.conflict ?? UNIQUE_FALLBACK);
  }
  if (refusal.sqlState === '23503' || refusal.prismaCode === 'P2003') return notFound(REFERENCE_GONE);
  if (refusal.prismaCode === 'P2025') return notFound(RECORD_GONE);
  if (refusal.sqlState === '40P01' || refusal.sqlState === '40001' || refusal.prismaCode === 'P2034') return conflict(TRY_AGAIN);
  return null;
}
