import { Field, Input, type InputProps } from '@chakra-ui/react';
import { getIn, type FormikProps } from 'formik';
import type { ReactNode } from 'react';

interface FormFieldProps<Values> extends Omit<InputProps, 'form' | 'name'> {
  form: FormikProps<Values>;
  name: keyof Values & string;
  label: string;
  helperText?: ReactNode;
  /** Keep the helper text under the message too (when it says what a valid value is, e.g. a range). */
  keepHelperText?: boolean;
  /** Replaces the default <Input> (e.g. a password input with a toggle). */
  children?: ReactNode;
}

/** A labelled Formik field that shows its validation message once touched. */
export function FormField<Values>({ form, name, label, helperText, keepHelperText = false, children, ...inputProps }: FormFieldProps<Values>) {
  const error = getIn(form.errors, name) as string | undefined;
  const touched = Boolean(getIn(form.touched, name));
  return (
    <Field.Root invalid={touched && Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children ?? <Input name={name} value={(getIn(form.values, name) as string) ?? ''} onChange={form.handleChange} onBlur={form.handleBlur} {...inputProps} />}
      {helperText && !(touched && error) && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
      {helperText && keepHelperText && touched && error && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
