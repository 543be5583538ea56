import { loginErrorMessage, registrationErrorMessage } from './auth-errors';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

it("words a login failure by its code, and any other as the spec's default", () => {
  expect(loginErrorMessage(firebaseError('auth/user-not-found'))).toBe('Email not found. Please check and try again.');
  expect(loginErrorMessage(firebaseError('auth/wrong-password'))).toBe('Incorrect password. Please try again.');
  expect(loginErrorMessage(firebaseError('auth/internal-error'))).toBe('Login failed. Please try again.');
  expect(loginErrorMessage(null)).toBe('Login failed. Please try again.');
});

it('words a registration failure by its code, else says what the error said', () => {
  expect(registrationErrorMessage(firebaseError('auth/email-already-in-use'))).toBe('This email is already registered. Please log in instead.');
  expect(registrationErrorMessage(firebaseError('auth/weak-password'))).toBe(registrationErrorMessage(firebaseError('auth/password-does-not-meet-requirements')));
  expect(registrationErrorMessage(firebaseError('auth/invalid-email'))).toBe('Invalid email address');
  expect(registrationErrorMessage(firebaseError('auth/internal-error', 'Firebase: the server broke.'))).toBe('Firebase: the server broke.');
  expect(registrationErrorMessage('not an error')).toBe('Something went wrong!');
});
