import { Avatar } from '@chakra-ui/react';

/** Someone's photo, or their initials (decorative: their name is always written beside it). */
export function PersonAvatar({ person, size = 'md' }: { person: { name: string; image: string | null }; size?: 'sm' | 'md' }) {
  return (
    <Avatar.Root size={size}>
      <Avatar.Fallback name={person.name} />
      {person.image && <Avatar.Image src={person.image} alt="" />}
    </Avatar.Root>
  );
}
