import { ProfileCard } from './ProfileCard';

export default function UserProfilePage() {
  return <ProfileCard heading="My Profile" />;
}
