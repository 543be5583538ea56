// Shapes and parameters several domains' routes share. Answers are strict
// (no field beyond those listed), so the contract tests catch any extra field.
import type { Response } from 'express';
import { IMAGE_URL_PATTERN } from '@opennest/common/validation/common';
import { EMAIL_MAX_LENGTH } from '../shared/ids';
import { httpStatusByCode, type ErrorCode } from '../shared/errors';
import { optionalParam, requiredParam } from './inputs';
import { z } from './zod';

export const id = z.uuid();
export const email = z.email().max(EMAIL_MAX_LENGTH);
export const dateTime = z.iso.datetime();
/** Dollars as a JSON number: NUMERIC(14,2) has at most 14 significant digits, which a double holds exactly. */
export const price = z.number().min(1).openapi({ description: 'Dollars, at most 2 decimals (stored exactly as NUMERIC(14,2)).' });
/** A listing's price where the listing may be one the caller can no longer see (properties/listing-visibility.ts): 0 then. */
export const priceOrNoLongerListed = z.number().min(0).openapi({ description: 'Dollars, at most 2 decimals; 0 when the listing is no longer listed (rejected, deleted or its agent marked as fraud).' });
export const count = (what: string) => z.int().min(0).openapi({ description: what });
/** Present only when there is something to say (absent, never null). */
export const absentWhenNone = (what: string) => z.string().optional().openapi({ description: `Absent when ${what}.` });

export const ROLES = ['user', 'agent', 'admin', 'fraud'] as const;
export const PROPERTY_STATUSES = ['pending', 'verified', 'rejected'] as const;

export const ErrorJson = z
  .strictObject({
    message: z.string(),
    code: z.enum(Object.keys(httpStatusByCode) as [ErrorCode, ...ErrorCode[]]),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .openapi('Error', { description: 'Every refusal. code names the kind; fieldErrors maps a body field to the message a form shows under it.' });

export const ModifiedCount = z
  .strictObject({ modifiedCount: z.union([z.literal(0), z.literal(1)]).openapi({ type: 'integer', enum: [0, 1], description: '1 when the change was made (or, for mark-paid, when the offer is bought with this payment).' }) })
  .openapi('ModifiedCount');
export const DeletedCount = z.strictObject({ deletedCount: z.literal(1) }).openapi('DeletedCount');
export const ModifiedWithMessage = z.strictObject({ modifiedCount: z.literal(1), message: z.string() }).openapi('ModifiedWithMessage');

/** The X-Next-Cursor answer header of paged lists. */
export const nextCursorHeader = z.object({
  'X-Next-Cursor': z.string().optional().openapi({ description: 'Present when there is a next page: send it back as ?cursor=.' }),
});

export function sendNextCursor(res: Response, page: { pageInfo: { endCursor: string | null; hasNextPage: boolean } }): void {
  if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) res.setHeader('X-Next-Cursor', page.pageInfo.endCursor);
}

/** What an image field of a request body holds (documentation; the service checks it). */
export const IMAGE_URL_FIELD = {
  maxLength: 2048,
  pattern: `^$|${IMAGE_URL_PATTERN.source}`,
  description: 'An uploaded image (/uploads/..., see POST /uploads) or an http(s) address; empty or absent keeps the current one.',
};

// ---------------------------------------------------------------------------
// Parameters

/** A path naming one record by its id: /offers/{id}. */
export const idParams = z.object({
  id: z.string().openapi({ format: 'uuid', param: { description: 'A record id (UUID). Anything else is a 400; an unknown one a 404.' } }),
});
export const emailPathParam = z.string().openapi({ format: 'email', maxLength: EMAIL_MAX_LENGTH, param: { description: 'An account’s e-mail (any case). Something that is not an address is a 400.' } });
export const emailQueryParam = requiredParam({ format: 'email', maxLength: EMAIL_MAX_LENGTH, param: { description: 'An account’s e-mail (any case); once. Something that is not an address is a 400.' } });
export const cursorParam = optionalParam({ param: { description: 'The X-Next-Cursor of the previous page; once.' } });

/** One’s own e-mail, or anyone’s for an admin: the rule of the by-e-mail lists. */
export const OWN_OR_ADMIN = 'One’s own e-mail, or anyone’s for an admin (403 otherwise).';
