// Someone's photo, or their initials while it loads or when it cannot: Chakra's
// avatar recipe (sizes and colours as before) on plain elements. Chakra's own
// Avatar runs a Zag state machine for the image's loading state, which brought
// Zag's machine runtime into the first load of every page (the navigation bar
// shows the signed-in account); an <img> whose failure hides it does the same.
import { chakra, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/** The initials Chakra's avatar shows: the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export interface PersonAvatarProps extends Omit<HTMLChakraProps<'span'>, 'children'> {
  person: { name: string; image?: string | null };
  size?: Size;
  /** The photo's text alternative; empty (decorative) by default, as the name is written beside it. */
  alt?: string;
  /** `lazy` for long lists. */
  loading?: 'lazy' | 'eager';
  /** Shown instead of initials when the name has none (e.g. a form's name field still empty). */
  placeholder?: ReactNode;
}

export function PersonAvatar({ person, size = 'md', alt = '', loading, placeholder, ...rest }: PersonAvatarProps) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size });
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(person.image) && failed !== person.image;
  return (
    <chakra.span css={styles.root} {...rest}>
      {showImage ? (
        <chakra.img css={styles.image} src={person.image!} alt={alt} loading={loading} decoding="async" onError={() => setFailed(person.image ?? null)} />
      ) : (
        <chakra.span css={styles.fallback} aria-hidden>
          {initialsOf(person.name) || placeholder}
        </chakra.span>
      )}
    </chakra.span>
  );
}
