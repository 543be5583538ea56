import { Alert, Stack } from '@chakra-ui/react';
import { useAuth } from '../auth/AuthProvider';
import { ProfileCard } from './ProfileCard';
import { ProfileFigures } from './ProfileFigures';
import { ListingPerformance } from '../listing-numbers/ListingPerformance';

/** Spec: only for agents or special roles; a user-role visitor sees a notice. */
export default function AgentProfilePage() {
  const { viewer } = useAuth();
  if (viewer?.role !== 'agent' && viewer?.role !== 'admin') {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>This page is only for agents or special users.</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="8">
      <ProfileCard heading="Agent Profile" />
      <ProfileFigures />
      {/* Agents' numbers are their own listings'; an admin visiting this page has none. */}
      {viewer.role === 'agent' && <ListingPerformance />}
    </Stack>
  );
}
