// User-facing texts for Firebase Auth error codes (spec section 8).

const codeOf = (error: unknown): string => (error as { code?: string })?.code ?? '';

const WEAK_PASSWORD = 'This password does not meet the requirements. Use at least 6 characters with a capital letter and a special character.';

/** Login failures by Firebase code, shown under the title 'Oops...'. */
const LOGIN_ERRORS = new Map([
  ['auth/user-not-found', 'Email not found. Please check and try again.'],
  ['auth/wrong-password', 'Incorrect password. Please try again.'],
]);

/** Registration failures by Firebase code, shown under the title 'Registration Failed'. */
const REGISTRATION_ERRORS = new Map([
  ['auth/email-already-in-use', 'This email is already registered. Please log in instead.'],
  ['auth/invalid-email', 'Invalid email address'],
  ['auth/weak-password', WEAK_PASSWORD],
  ['auth/password-does-not-meet-requirements', WEAK_PASSWORD],
  ['auth/network-request-failed', 'Network error. Please check your connection and try again.'],
  ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
]);

export const loginErrorMessage = (error: unknown): string => LOGIN_ERRORS.get(codeOf(error)) ?? 'Login failed. Please try again.';

export const registrationErrorMessage = (error: unknown): string =>
  REGISTRATION_ERRORS.get(codeOf(error)) ?? (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** Google sign-in problems are ignored (spec), except that the user closed nothing on purpose. */
export const isUserCancelledPopup = (error: unknown) =>
  ['auth/popup-closed-by-user', 'auth/cancelled-popup-request'].includes(codeOf(error));
