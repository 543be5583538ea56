// Agent and buyer dashboard pages are not role-guarded on the client (spec
// section 6). Another role gets a notice instead of queries the server would
// refuse (a refusal would send a signed-in person to /login).
import { Alert } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import type { Role } from '../users/users.generated';
import { useAuth } from './AuthProvider';

function RoleOnly({ role, notice, testId, children }: { role: Role | Role[]; notice: string; testId: string; children: ReactNode }) {
  const { viewer } = useAuth();
  if (!viewer) return null;
  if (!(Array.isArray(role) ? role : [role]).includes(viewer.role)) {
    return (
      <Alert.Root status="warning" data-testid={testId}>
        <Alert.Indicator />
        <Alert.Title>{notice}</Alert.Title>
      </Alert.Root>
    );
  }
  return children;
}

export const AgentOnly = ({ children }: { children: ReactNode }) => (
  <RoleOnly role="agent" notice="This page is only for agents." testId="agent-only">
    {children}
  </RoleOnly>
);

export const BuyerOnly = ({ children }: { children: ReactNode }) => (
  <RoleOnly role="user" notice="This page is only for buyers." testId="buyer-only">
    {children}
  </RoleOnly>
);

/** Messages are between buyers and agents. */
export const MessagingOnly = ({ children }: { children: ReactNode }) => (
  <RoleOnly role={['user', 'agent']} notice="Messages are between buyers and agents." testId="messaging-only">
    {children}
  </RoleOnly>
);

/** A page for buyers only: `export default buyersPage(MakeOffer)`. */
export const buyersPage = (Page: ComponentType) =>
  function BuyersPage() {
    return <BuyerOnly>{<Page />}</BuyerOnly>;
  };

/** A page for agents only. */
export const agentsPage = (Page: ComponentType) =>
  function AgentsPage() {
    return <AgentOnly>{<Page />}</AgentOnly>;
  };

/** A page for buyers and agents (messages). */
export const messagingPage = (Page: ComponentType) =>
  function MessagingPage() {
    return <MessagingOnly>{<Page />}</MessagingOnly>;
  };
