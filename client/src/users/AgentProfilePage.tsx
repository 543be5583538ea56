import { useAuth } from '../auth/AuthProvider';
import { AgentReplies } from '../insight/AgentReplies';
import { ListingPerformance } from '../listing-numbers/ListingPerformance';
import { ProfilePage } from './ProfilePage';

/** Spec: only for agents or special roles (the page table's role gate shows others the spec's notice). */
export default function AgentProfilePage() {
  const { viewer } = useAuth();
  return (
    <ProfilePage heading="Agent Profile">
      {/* Agents' numbers are their own listings'; an admin visiting this page has none. */}
      {viewer?.role === 'agent' && <AgentReplies />}
      {viewer?.role === 'agent' && <ListingPerformance />}
    </ProfilePage>
  );
}
