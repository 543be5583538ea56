import { Navigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { PROFILE_PATH_BY_ROLE } from './menu';

/** /dash-board opens the caller's own profile page. */
export default function DashboardHome() {
  const { viewer } = useAuth();
  if (!viewer || viewer.role === 'fraud') return null;
  return <Navigate to={PROFILE_PATH_BY_ROLE[viewer.role]} replace />;
}
