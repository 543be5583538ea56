// User-facing texts for Firebase Auth error codes (spec section 8).

const codeOf = (error: unknown): string => (error as { code?: string })?.code ?? '';

/** Login failures, shown under the title 'Oops...'. */
export function loginErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/user-not-found':
      return 'Email not found. Please check and try again.';
    case 'auth/wrong-password':
      return 'Incorrect password. Please try again.';
    default:
      return 'Login failed. Please try again.';
  }
}

/** Registration failures, shown under the title 'Registration Failed'. */
export function registrationErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/email-already-in-use':
      return 'This email is already registered. Please log in instead.';
    case 'auth/invalid-email':
      return 'Invalid email address';
    case 'auth/weak-password':
    case 'auth/password-does-not-meet-requirements':
      return 'This password does not meet the requirements. Use at least 6 characters with a capital letter and a special character.';
    case 'auth/network-request-failed':
      return 'Network error. Please check your connection and try again.';
    case 'auth/too-many-requests':
      return 'Too many attempts. Please wait a moment and try again.';
    default:
      return error instanceof Error && error.message ? error.message : 'Something went wrong!';
  }
}

/** Google sign-in problems are ignored (spec), except that the user closed nothing on purpose. */
export const isUserCancelledPopup = (error: unknown) =>
  ['auth/popup-closed-by-user', 'auth/cancelled-popup-request'].includes(codeOf(error));
