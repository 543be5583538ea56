// Where /login sends a visitor on, and what it tells one who was sent there.
import { redirectTarget, signInReason } from './redirect-target';

const from = (path: unknown) => ({ state: { from: path } });

it('returns to the page the visitor came from, or home', () => {
  expect(redirectTarget(from('/allProperties?search=Dhaka'))).toBe('/allProperties?search=Dhaka');
  expect(redirectTarget({ state: null })).toBe('/');
  for (const unsafe of ['//evil.example', 'https://evil.example', '/login', '/register', 42]) expect(redirectTarget(from(unsafe))).toBe('/');
});

it('says why sign-in is needed to a visitor sent from a page that needs it, and nothing to one who came to sign in', () => {
  expect(signInReason(from('/allProperties'))).toBe('Sign in to see properties.');
  expect(signInReason(from('/propertyDetails/0190c1d2-0000-7000-8000-000000000001'))).toBe('Sign in to see properties.');
  expect(signInReason(from('/dash-board/wishlist'))).toBe('Sign in to open your dashboard.');
  expect(signInReason(from('/something-else'))).toBe('Sign in to continue.');
  expect(signInReason({ state: null })).toBeNull();
  expect(signInReason(from('//evil.example'))).toBeNull();
});
