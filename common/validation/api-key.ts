import { array, number, object, string } from 'yup';

/**
 * What an API key may be used for. Each operation's entry in its domain's
 * access table (server/<domain>/<domain>.access.ts) names the one scope it
 * needs; an operation without one is not open to keys at all.
 */
export const API_KEY_SCOPES = ['listings:read', 'listings:write', 'offers:read', 'offers:write', 'messages:read', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'listings:read': 'Read listings (yours, the verified ones, one by id)',
  'listings:write': 'Add, edit and delete your listings',
  'offers:read': 'Read offers on your listings and your sales',
  'offers:write': 'Accept and reject offers on your listings',
  'messages:read': 'Read your conversations with buyers',
  admin: 'Administration: verify, reject and advertise listings, read users (admins only)',
};

/** Every secret starts with this, so secret scanners can find leaked ones: `onk_<key id>_<secret>`. */
export const API_KEY_PREFIX = 'onk_';
export const API_KEY_NAME_MAX_LENGTH = 60;
/** A key lasts at most one year. */
export const API_KEY_MAX_DAYS = 365;

/** Creating a key on the developer page: a name, at least one scope, a lifetime in days. */
export const apiKeySchema = object({
  name: string().trim().required('Name is required').max(API_KEY_NAME_MAX_LENGTH, `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: array(string().oneOf([...API_KEY_SCOPES], 'Unknown scope').required()).min(1, 'Choose at least one scope').required('Choose at least one scope'),
  expiresInDays: number()
    .typeError('Choose how long the key lasts')
    .integer('Choose a whole number of days')
    .min(1, 'A key lasts at least 1 day')
    .max(API_KEY_MAX_DAYS, `A key lasts at most ${API_KEY_MAX_DAYS} days (one year)`)
    .required('Choose how long the key lasts'),
});
