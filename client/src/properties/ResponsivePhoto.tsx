// One stored photo as the browser should load it: with responsive copies, a
// <picture> offering the WebP widths and the JPEG fallback's widths for the
// `sizes` the caller's layout gives; without (uploads from before the copies,
// web addresses), the single image. The gallery and the listing cards both
// show photos through it.
import { Image } from '@chakra-ui/react';
import type { PhotoFieldsFragment } from './properties.generated';

interface ResponsivePhotoProps {
  photo: PhotoFieldsFragment;
  /** How wide the image is drawn at each viewport width (the `sizes` attribute): lets the browser pick the smallest copy that is sharp enough. */
  sizes: string;
  /** The URL for a photo without copies, and for browsers without srcset (default: the full image). */
  src?: string;
  /** Defaults to the photo's own description. */
  alt?: string;
  /** In the first screenful: loads at once and early; otherwise it waits until it scrolls near. */
  eager?: boolean;
  fit?: 'cover' | 'contain';
  /** The image's intrinsic shape (HTML width/height attributes); it is drawn filling its frame either way. */
  intrinsic?: { width: number; height: number };
  testId?: string;
}

export function ResponsivePhoto({ photo, sizes, src = photo.url, alt = photo.alt, eager = false, fit = 'cover', intrinsic, testId }: ResponsivePhotoProps) {
  const image = (
    <Image
      src={src}
      srcSet={photo.srcsetJpeg ?? undefined}
      sizes={photo.srcsetJpeg ? sizes : undefined}
      alt={alt}
      htmlWidth={intrinsic?.width}
      htmlHeight={intrinsic?.height}
      width="full"
      height="full"
      objectFit={fit}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      data-testid={testId}
    />
  );
  if (!photo.srcsetWebp) return image;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/webp" srcSet={photo.srcsetWebp} sizes={sizes} />
      {image}
    </picture>
  );
}
