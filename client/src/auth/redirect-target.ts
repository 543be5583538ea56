import type { Location } from 'react-router';

/** Where to go after signing in: the path the user came from, or home. */
export function redirectTarget(location: Location): string {
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' && from !== '/register' ? from : '/';
}
