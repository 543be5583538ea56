import { Stack } from '@chakra-ui/react';
import { useAuth } from '../auth/AuthProvider';
import { ProfileCard } from './ProfileCard';
import { ProfileFigures } from './ProfileFigures';
import { ListingPerformance } from '../listing-numbers/ListingPerformance';

/** Spec: only for agents or special roles (the page table's role gate shows others the spec's notice). */
export default function AgentProfilePage() {
  const { viewer } = useAuth();
  return (
    <Stack gap="8">
      <ProfileCard heading="Agent Profile" />
      <ProfileFigures />
      {/* Agents' numbers are their own listings'; an admin visiting this page has none. */}
      {viewer?.role === 'agent' && <ListingPerformance />}
    </Stack>
  );
}
