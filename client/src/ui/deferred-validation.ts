// A form's Yup schema, loaded when the form first validates instead of with the
// page: Yup is about 13 KB of gzip JavaScript that no first paint needs, so a
// page whose first screen is a form (the login page) shows it without Yup, and
// the schema (the shared one from common/, with the spec's messages) arrives by
// the first keystroke, blur or submit. Formik awaits the validation either way.
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * A Formik `validate` function that validates as `validationSchema` would (Formik's
 * own Yup helpers: empty strings read as undefined, errors by field path), with
 * the schema imported on first use: `validate: deferredSchema(() => import('…').then((m) => m.loginSchema))`.
 */
export function deferredSchema<Values extends FormikValues>(load: () => Promise<Schema>): (values: Values) => Promise<FormikErrors<Values>> {
  let schema: Promise<Schema> | null = null;
  return async (values) => {
    schema ??= load().catch((error: unknown) => {
      // A failed download is tried again at the next validation.
      schema = null;
      throw error;
    });
    try {
      await validateYupSchema(values, await schema);
      return {};
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'ValidationError') return yupToFormErrors<Values>(error);
      throw error;
    }
  };
}
