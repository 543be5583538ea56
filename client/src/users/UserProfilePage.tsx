import { Stack } from '@chakra-ui/react';
import { ProfileCard } from './ProfileCard';
import { ProfileFigures } from './ProfileFigures';

/** Photo, name, e-mail, role and account times, then the buyer's figures. */
export default function UserProfilePage() {
  return (
    <Stack gap="8">
      <ProfileCard heading="My Profile" />
      <ProfileFigures />
    </Stack>
  );
}
