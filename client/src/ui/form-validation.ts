// Formik plumbing the forms share: the shared Yup schema plus the server's
// per-field messages, and focus handling after a failed submit.
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikHelpers, type FormikProps, type FormikTouched } from 'formik';
import { useEffect, useRef, type RefObject } from 'react';
import type { AnyObjectSchema } from 'yup';
import { fieldErrors } from '../app/errors';

type ServerFieldErrors<Values> = Partial<Record<keyof Values, { value: unknown; message: string }>>;

/**
 * Formik validation with the shared schema plus the server's last per-field
 * messages (BAD_USER_INPUT fieldErrors). A server message stays under its field
 * until that field's value changes, so a later blur or keystroke elsewhere
 * (which validates the whole form) does not wipe it.
 */
export function useServerAwareValidation<Values extends object>(schema: AnyObjectSchema, fieldNames: ReadonlyArray<keyof Values & string>) {
  const serverErrors = useRef<ServerFieldErrors<Values>>({});

  const validate = async (values: Values): Promise<FormikErrors<Values>> => {
    let errors: FormikErrors<Values> = {};
    try {
      await validateYupSchema(values, schema);
    } catch (error) {
      errors = yupToFormErrors<Values>(error);
    }
    for (const name of fieldNames) {
      const server = serverErrors.current[name];
      if (server && !errors[name] && values[name] === server.value) (errors as Record<string, string>)[name] = server.message;
    }
    return errors;
  };

  /** Puts a failed request's per-field messages under their fields; returns whether there were any. */
  const showServerErrors = (helpers: FormikHelpers<Values>, values: Values, error: unknown): boolean => {
    const fields = fieldErrors(error) ?? {};
    const known = fieldNames.filter((name) => typeof fields[name] === 'string');
    serverErrors.current = Object.fromEntries(known.map((name) => [name, { value: values[name], message: fields[name] }])) as ServerFieldErrors<Values>;
    if (known.length === 0) return false;
    // A submitted form has every field touched already; set it again without validating, then the messages.
    void helpers.setTouched(Object.fromEntries(fieldNames.map((name) => [name, true])) as FormikTouched<Values>, false);
    helpers.setErrors(Object.fromEntries(known.map((name) => [name, fields[name]])) as FormikErrors<Values>);
    return true;
  };

  return { validate, showServerErrors };
}

/**
 * After a submit that ended with errors (the form's own or the server's), move
 * focus to the first invalid field, so it is not left off-screen or unannounced.
 */
export function useFocusFirstError<Values>(form: FormikProps<Values>, formRef: RefObject<HTMLFormElement | null>) {
  const { submitCount, isSubmitting } = form;
  const hasErrors = Object.keys(form.errors).length > 0;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || !hasErrors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // Only when a submit finishes, not on every keystroke.
  }, [submitCount, isSubmitting]);
}

/**
 * For the submit button's mousedown: without it, the field being left validates
 * on blur, its message pushes the button down between mousedown and mouseup, and
 * the click is lost. Submitting touches and validates every field anyway.
 */
export const keepFieldFocus = (event: { preventDefault(): void }) => event.preventDefault();
