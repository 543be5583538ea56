// Sign-in and registration rules (spec section 5), shared by the forms and the server.
import { mixed, object, string } from 'yup';
import { imageUrl } from './common';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec: a capital letter and one of !@#$%^&* */
export const PASSWORD_STRENGTH_PATTERN = /^(?=.*[A-Z])(?=.*[!@#$%^&*]).*$/;
export const NAME_MAX_LENGTH = 80;
export const PASSWORD_MAX_LENGTH = 128;

export const loginSchema = object({
  email: string().trim().required('Email is required'),
  password: string().required('Password is required'),
});

const nameField = string()
  .trim()
  .required('Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

/** A chosen file, as the browser's File has it (common/ has no DOM types). */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export const registerSchema = object({
  name: nameField,
  photo: mixed<ChosenFile>()
    .nullable()
    .test('photo-required', 'Profile photo is required', (value) => value !== null && value !== undefined),
  email: string().trim().required('Email is required').matches(EMAIL_PATTERN, 'Invalid email address'),
  password: string()
    .required('Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .matches(PASSWORD_STRENGTH_PATTERN, 'Must include a capital letter and a special character'),
});

/**
 * What the server accepts when it records a sign-in. E-mail, role and dates are
 * never taken from the client: they come from the verified token and the server.
 */
export const signInRecordSchema = object({
  name: nameField.optional(),
  image: imageUrl().optional(),
});
