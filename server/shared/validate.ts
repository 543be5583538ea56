import { ValidationError, type AnySchema, type InferType } from 'yup';
import { badInput, type FieldErrors } from './errors';

/**
 * Validates input with one of the shared form schemas (client/src/shared/validation)
 * and returns the cast value. On failure throws BAD_USER_INPUT carrying the same
 * messages the form shows, keyed by field, so nothing the user typed is lost.
 */
export async function validateInput<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input, { abortEarly: false, stripUnknown: true });
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
