import { ProfilePage } from './ProfilePage';

/** The buyer's profile, then the buyer's figures. */
export default function UserProfilePage() {
  return <ProfilePage heading="My Profile" />;
}
