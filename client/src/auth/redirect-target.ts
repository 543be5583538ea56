import type { Location } from 'react-router';

/** The path a signed-out visitor was sent to /login from (RequireAuth, or a 401/403), if it is one of ours. */
function cameFrom(location: Pick<Location, 'state'>): string | null {
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' && from !== '/register' ? from : null;
}

/** Where to go after signing in: the path the user came from, or home. */
export function redirectTarget(location: Pick<Location, 'state'>): string {
  return cameFrom(location) ?? '/';
}

/**
 * Why a visitor sent to /login is there, in words for the login card; null when
 * they came to sign in of their own accord.
 */
export function signInReason(location: Pick<Location, 'state'>): string | null {
  const from = cameFrom(location);
  if (!from) return null;
  if (from.startsWith('/allProperties') || from.startsWith('/propertyDetails/')) return 'Sign in to see properties.';
  if (from.startsWith('/dash-board')) return 'Sign in to open your dashboard.';
  return 'Sign in to continue.';
}
