// Role gates of the dashboard's pages, made from the page table (app/pages.ts;
// spec section 6). They only decide what to show; the server checks the token
// and role on every request. A page for other roles shows a notice instead of
// queries the server would refuse (a refusal would send a signed-in person to
// /login); an admin-only page sends everyone else to /forbidden.
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { DashboardRole } from '../app/pages';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useAuth } from './AuthProvider';

/** What another role reads, by the page's roles (sorted, joined by commas). */
const NOTICES: Record<string, string> = {
  agent: 'This page is only for agents.',
  user: 'This page is only for buyers.',
  'agent,user': 'Messages are between buyers and agents.',
  // The spec's wording (agents or special roles).
  'admin,agent': 'This page is only for agents or special users.',
};

export function RoleGate({ roles, children }: { roles: readonly DashboardRole[]; children: ReactNode }) {
  const { status, viewer } = useAuth();
  const adminOnly = roles.length === 1 && roles[0] === 'admin';
  if (adminOnly && status === 'loading') return <LoadingScreen />;
  if (adminOnly && viewer?.role !== 'admin') return <Navigate to="/forbidden" replace />;
  if (!viewer) return null;
  if (roles.some((role) => role === viewer.role)) return children;
  const key = [...roles].sort().join(',');
  return (
    <Alert.Root status="warning" data-testid="role-notice">
      <Alert.Indicator />
      <Alert.Title>{NOTICES[key] ?? `This page is only for ${roles.join(' or ')} accounts.`}</Alert.Title>
    </Alert.Root>
  );
}
