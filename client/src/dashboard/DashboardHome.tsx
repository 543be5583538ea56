import { Navigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardHomeOf } from './menu';

/** /dash-board opens the caller's own profile page. */
export default function DashboardHome() {
  const { viewer } = useAuth();
  if (!viewer || viewer.role === 'fraud') return null;
  return <Navigate to={dashboardHomeOf(viewer.role)} replace />;
}
