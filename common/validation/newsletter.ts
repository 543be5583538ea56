import { object, string } from 'yup';
import { EMAIL_PATTERN } from './auth';

export const newsletterSchema = object({
  email: string().trim().required('Email is required').matches(EMAIL_PATTERN, 'Invalid email address'),
});
