import { ValidationError, type AnySchema, type InferType } from 'yup';
import { hasNulCharacter, isStorableText } from '@opennest/common/storable';
import { badInput, type FieldErrors } from './errors';

/**
 * Validates input with one of the shared form schemas (common/validation)
 * and returns the cast value. On failure throws BAD_USER_INPUT carrying the same
 * messages the form shows, keyed by field, so nothing the user typed is lost.
 */
export async function validateInput<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    const value = await schema.validate(input, { abortEarly: false, stripUnknown: true });
    rejectNulCharacters(value);
    return value;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fieldErrors: FieldErrors = {};
    for (const issue of error.inner.length ? error.inner : [error]) {
      const field = issue.path ?? '_';
      fieldErrors[field] ??= issue.message;
    }
    throw badInput(Object.values(fieldErrors)[0] ?? error.message, fieldErrors);
  }
}

export const NUL_CHARACTER_MESSAGE = 'Must not contain NUL characters';
export const LONE_SURROGATE_MESSAGE = 'Must be valid Unicode text';

/**
 * PostgreSQL text cannot hold U+0000, nor jsonb a lone UTF-16 surrogate (common/storable.ts):
 * refused here with a message under the field, before the database client's own check would.
 */
function rejectNulCharacters(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const fieldErrors: FieldErrors = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (typeof fieldValue !== 'string' || isStorableText(fieldValue)) continue;
    fieldErrors[field] = hasNulCharacter(fieldValue) ? NUL_CHARACTER_MESSAGE : LONE_SURROGATE_MESSAGE;
  }
  const [first] = Object.values(fieldErrors);
  if (first) throw badInput(first, fieldErrors);
}
