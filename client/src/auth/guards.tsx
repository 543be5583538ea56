// Client-side route guards (spec section 6). They only decide what to show; the
// server checks the token and role on every request. Role gates: RoleGate.tsx.
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useAuth } from './AuthProvider';

/** Signed-out visitors go to /login, carrying the path they wanted. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
