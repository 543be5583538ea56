import { ProfilePage } from './ProfilePage';

/** The admin's profile, then the marketplace figures an admin watches. */
export default function AdminProfilePage() {
  return <ProfilePage heading="Admin Profile" />;
}
