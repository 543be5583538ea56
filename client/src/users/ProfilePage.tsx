import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ProfileCard } from './ProfileCard';
import { ProfileFigures } from './ProfileFigures';

/** A role's profile page: photo, name, e-mail, role and account times, then the figures the role watches, then what the page adds. */
export function ProfilePage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Stack gap="8">
      <ProfileCard heading={heading} />
      <ProfileFigures />
      {children}
    </Stack>
  );
}
