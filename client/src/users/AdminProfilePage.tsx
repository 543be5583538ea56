import { Stack } from '@chakra-ui/react';
import { ProfileCard } from './ProfileCard';
import { ProfileFigures } from './ProfileFigures';

/** Photo, name, e-mail, role and account times, then the marketplace figures an admin watches. */
export default function AdminProfilePage() {
  return (
    <Stack gap="8">
      <ProfileCard heading="Admin Profile" />
      <ProfileFigures />
    </Stack>
  );
}
