// The register form's profile photo: a button that opens the file picker, a
// preview of the chosen photo (the initials of the name typed so far, or a
// person's outline, until there is one) and the file's name. The file input itself is out of sight and
// out of the tab order; the field's label still names it, so assistive
// technology and tests reach it by "Profile photo".
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuImagePlus, LuUserRound } from 'react-icons/lu';
import { PersonAvatar } from '../ui/PersonAvatar';

export const PROFILE_PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export interface ProfilePhotoFieldProps {
  name: string;
  /** The name typed so far: its initials stand in until a photo is chosen. */
  personName: string;
  photo: File | null;
  error?: string;
  onChoose(photo: File | null): void;
  onTouched(): void;
}

/** An object URL for `file` while it is shown, revoked when it changes or the field goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

export function ProfilePhotoField({ name, personName, photo, error, onChoose, onTouched }: ProfilePhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(photo);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Profile photo</Field.Label>
      <Input
        ref={input}
        type="file"
        name={name}
        accept={PROFILE_PHOTO_TYPES}
        srOnly
        tabIndex={-1}
        onChange={(event) => {
          // Cancelling the picker keeps the photo already chosen.
          const chosen = event.currentTarget.files?.[0];
          if (chosen) onChoose(chosen);
          onTouched();
        }}
      />
      <HStack gap="3" width="full">
        <PersonAvatar person={{ name: personName, image: preview }} placeholder={<LuUserRound />} size="lg" alt={photo ? 'Your chosen photo' : ''} flexShrink={0} />
        <Stack gap="1" minW="0">
          <Button type="button" variant="outline" colorPalette="teal" size="sm" alignSelf="flex-start" onClick={() => input.current?.click()}>
            <LuImagePlus aria-hidden /> {photo ? 'Choose another photo' : 'Choose a photo'}
          </Button>
          <Text fontSize="sm" color="fg.muted" truncate aria-live="polite" data-testid="profile-photo-name">
            {photo ? photo.name : 'No photo chosen'}
          </Text>
        </Stack>
      </HStack>
      {!error && <Field.HelperText>JPEG, PNG, WebP or GIF.</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
