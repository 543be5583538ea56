// A listing's photos on the add and update forms: several files at once, each
// uploaded at once with its own progress bar, removed, and reordered by drag
// and drop or by the Earlier/Later buttons (keyboard users). The first photo is
// the cover. The file input keeps the spec's label, "Property image"; it is
// opened by a button of ours, next to which the field says how many photos the
// listing has (the browser's own "No file chosen" would be wrong once a choice
// has been added to the list and the input emptied for the next one).
import { Badge, Box, Button, Field, HStack, IconButton, Image, Input, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/progress';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuArrowRight, LuCheck, LuImagePlus, LuTrash2 } from 'react-icons/lu';
import { MAX_PHOTOS } from '@opennest/common/validation/property';
import { errorMessage } from '../app/errors';
import { HttpError, type UploadedImage } from '../app/http';
import { redirectToLogin } from '../app/navigation';

export interface PhotoItem {
  key: string;
  /** Where it is stored, once uploaded. */
  url: string | null;
  /** What is shown meanwhile (the chosen file) or after (the stored thumbnail). */
  preview: string;
  name: string;
  /** 0..1 */
  progress: number;
  error: string | null;
}

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images are accepted.';
/** A browser may not know a file's type (then the server, which sniffs the bytes, decides). */
const acceptedType = (file: File) => !file.type || ACCEPTED_IMAGE_TYPES.includes(file.type);

let nextKey = 0;

/** The stored photos as list items (update form). */
export const storedPhotos = (photos: Array<{ url: string; thumbnail: string }>): PhotoItem[] =>
  photos.map((photo) => ({ key: `stored-${(nextKey += 1)}`, url: photo.url, preview: photo.thumbnail, name: photo.url.split('/').pop() ?? 'photo', progress: 1, error: null }));

/** Whether the photo was the listing's already (storedPhotos), not one this form uploaded. */
const wasStored = (photo: PhotoItem) => photo.key.startsWith('stored-');

/**
 * The photo list and its uploads. `whenUploaded()` resolves with the URLs in
 * order once every upload has finished (the submit waits for it), or throws the
 * first upload's error.
 */
export function usePhotoList(initial: PhotoItem[] = []) {
  const [photos, setPhotos] = useState<PhotoItem[]>(initial);
  const uploads = useRef(new Map<string, Promise<string>>());
  const current = useRef(photos);
  current.current = photos;
  const [refused, setRefused] = useState<string | null>(null);

  const patch = (key: string, change: Partial<PhotoItem>) => setPhotos((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = useCallback(
    (files: File[]) => {
      const room = MAX_PHOTOS - current.current.length;
      const wrongType = files.some((file) => !acceptedType(file));
      const accepted = files.filter(acceptedType).slice(0, Math.max(0, room));
      setRefused(wrongType ? IMAGE_TYPE_MESSAGE : files.filter(acceptedType).length > room ? `A listing has at most ${MAX_PHOTOS} photos` : null);
      const items = accepted.map((file) => ({ key: `new-${(nextKey += 1)}`, url: null, preview: URL.createObjectURL(file), name: file.name, progress: 0, error: null }));
      setPhotos((list) => [...list, ...items]);
      items.forEach((item, index) => {
        const upload = uploadImageWithProgress(accepted[index], (progress) => patch(item.key, { progress })).then(
          (stored) => {
            patch(item.key, { url: stored.url, progress: 1 });
            return stored.url;
          },
          (error: unknown) => {
            const message = errorMessage(error, 'The upload failed');
            patch(item.key, { error: message });
            throw new Error(`${item.name}: ${message}`);
          },
        );
        upload.catch(() => undefined);
        uploads.current.set(item.key, upload);
      });
    },
    [],
  );

  const remove = (key: string) => {
    uploads.current.delete(key);
    setPhotos((list) => list.filter((item) => item.key !== key));
  };
  const move = (from: number, to: number) =>
    setPhotos((list) => {
      if (to < 0 || to >= list.length || from === to) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });

  const whenUploaded = async (): Promise<string[]> => {
    const list = current.current;
    return Promise.all(list.map((item) => (item.url ? Promise.resolve(item.url) : (uploads.current.get(item.key) ?? Promise.reject(new Error(`${item.name}: not uploaded`))))));
  };

  // Object URLs of chosen files are freed when the form goes.
  useEffect(() => () => current.current.forEach((item) => item.preview.startsWith('blob:') && URL.revokeObjectURL(item.preview)), []);

  return { photos, add, remove, move, whenUploaded, refused };
}

export type PhotoList = ReturnType<typeof usePhotoList>;

interface PhotosFieldProps {
  list: PhotoList;
  /** The form's message for the field (e.g. 'Property image is required'), once touched. */
  error?: string;
  helperText: string;
  disabled?: boolean;
  onTouched(): void;
}

export function PhotosField({ list, error, helperText, disabled, onTouched }: PhotosFieldProps) {
  const { photos, add, remove, move, refused } = list;
  const dragged = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = photos.length >= MAX_PHOTOS;
  const uploading = photos.filter((photo) => !photo.url && !photo.error).length;
  const shownError = refused ?? error;
  const moveAndSay = (from: number, to: number) => {
    move(from, to);
    setAnnouncement(`Photo moved to position ${to + 1} of ${photos.length}.`);
  };

  return (
    <Field.Root invalid={Boolean(shownError)}>
      <Field.Label>Property image</Field.Label>
      {/* The input itself is out of sight (and out of the tab order): the button opens it, the label names it. */}
      <Input
        ref={input}
        type="file"
        name="photos"
        multiple
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        srOnly
        tabIndex={-1}
        disabled={disabled || full}
        onChange={(event) => {
          add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
          onTouched();
        }}
      />
      <HStack gap="3" wrap="wrap">
        <Button type="button" variant="outline" colorPalette="teal" size="sm" disabled={disabled || full} onClick={() => input.current?.click()}>
          <LuImagePlus aria-hidden /> {photos.length ? 'Add more photos' : 'Choose photos'}
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="photo-count">
          {photos.length === 0
            ? 'No photos yet'
            : `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}${uploading ? `, ${uploading} uploading` : ''}${full ? ' (the most a listing can have)' : ''}`}
        </Text>
      </HStack>
      {!shownError && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{shownError}</Field.ErrorText>
      {photos.length > 0 && (
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 2, sm: 3, md: 4 }} gap="3" mt="2" width="full" aria-label="Photos, in order" data-testid="photo-list">
          {photos.map((photo, index) => (
            <Box
              as="li"
              key={photo.key}
              draggable={!disabled}
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged.current !== null) moveAndSay(dragged.current, index);
                dragged.current = null;
              }}
              borderWidth="1px"
              rounded="md"
              overflow="hidden"
              bg="bg"
              cursor={disabled ? undefined : 'grab'}
              data-testid="photo-item"
            >
              <Box position="relative" aspectRatio={4 / 3} bg="gray.100">
                <Image src={photo.preview} alt={`Photo ${index + 1}: ${photo.name}`} width="full" height="full" objectFit="cover" draggable={false} />
                {index === 0 && (
                  <Badge position="absolute" top="1" left="1" colorPalette="teal" variant="solid">
                    Cover
                  </Badge>
                )}
              </Box>
              <Stack gap="1" p="2">
                {photo.error ? (
                  <Text fontSize="xs" color="fg.error" role="alert">
                    {photo.error}
                  </Text>
                ) : photo.url === null ? (
                  <Progress.Root value={Math.round(photo.progress * 100)} size="xs" colorPalette="teal" aria-label={`Upload of ${photo.name}`}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                ) : !wasStored(photo) ? (
                  // A photo this form uploaded says so; a photo the listing already had needs no bar (a full one read as an upload left hanging).
                  <HStack gap="1" fontSize="xs" color="green.700">
                    <LuCheck aria-hidden /> Uploaded
                  </HStack>
                ) : null}
                <HStack gap="1" justify="space-between">
                  <IconButton size="xs" variant="ghost" aria-label={`Move photo ${index + 1} earlier`} disabled={disabled || index === 0} onClick={() => moveAndSay(index, index - 1)}>
                    <LuArrowLeft />
                  </IconButton>
                  <IconButton size="xs" variant="ghost" aria-label={`Move photo ${index + 1} later`} disabled={disabled || index === photos.length - 1} onClick={() => moveAndSay(index, index + 1)}>
                    <LuArrowRight />
                  </IconButton>
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Remove photo ${index + 1}`} disabled={disabled} onClick={() => remove(photo.key)}>
                    <LuTrash2 aria-hidden />
                  </Button>
                </HStack>
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <Text srOnly aria-live="polite">
        {announcement}
      </Text>
    </Field.Root>
  );
}

/**
 * The same upload through XMLHttpRequest, which reports how much of the file
 * has been sent (fetch cannot): `onProgress` gets 0..1.
 */
async function uploadImageWithProgress(file: File, onProgress: (sent: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new HttpError('The upload failed; check your connection.', 0));
    request.onload = () => {
      const body = parseJson(request.responseText) as { message?: string; code?: string } | null;
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as unknown as UploadedImage);
        return;
      }
      if (request.status === 401 || request.status === 403) redirectToLogin();
      reject(new HttpError(body?.message ?? `Upload failed (${request.status}).`, request.status, body?.code));
    };
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
