import { ProfileCard } from './ProfileCard';

export default function AdminProfilePage() {
  return <ProfileCard heading="Admin Profile" />;
}
