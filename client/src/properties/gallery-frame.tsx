// The gallery's frame, shared by the gallery (loaded on demand) and what the
// details page shows until the gallery's code has arrived: the cover in its
// 4:3 frame and, for a listing with more than one photo, the room the strip of
// thumbnails takes. Both draw from these, so the page below does not move when
// the gallery replaces its placeholder (it moved 73 px on a phone: CLS 0.037).
import { AspectRatio, Box, type AspectRatioProps, type BoxProps, type StackProps } from '@chakra-ui/react';
import type { PhotoFieldsFragment } from './properties.generated';
import { GALLERY_SIZES } from './image-sizes';
import { ResponsivePhoto } from './ResponsivePhoto';

/** The large photo's frame. */
export function CoverFrame(props: AspectRatioProps) {
  return <AspectRatio ratio={4 / 3} rounded="xl" overflow="hidden" bg="gray.100" boxShadow="sm" {...props} />;
}

/** The strip of thumbnails under the cover. */
export const THUMBNAIL_STRIP = { gap: '2', mt: '2', pb: '1', overflowX: 'auto' } as const satisfies StackProps;

/** One thumbnail's button (its picture is 4:3 inside the border). */
export const THUMBNAIL = { display: 'block', width: '20', rounded: 'md', overflow: 'hidden', borderWidth: '2px' } as const satisfies BoxProps;

/** The cover and the room of the thumbnails, until the gallery is there. */
export function GalleryPlaceholder({ cover, photoCount, title }: { cover: PhotoFieldsFragment; photoCount: number; title: string }) {
  return (
    <Box>
      <CoverFrame>
        <Box>
          <ResponsivePhoto photo={cover} sizes={GALLERY_SIZES} alt={title} eager testId="property-image" />
        </Box>
      </CoverFrame>
      {photoCount > 1 && (
        <Box {...THUMBNAIL_STRIP} overflowX="hidden" aria-hidden data-testid="gallery-placeholder-strip">
          <Box {...THUMBNAIL} borderColor="transparent">
            <AspectRatio ratio={4 / 3}>
              <Box bg="gray.100" />
            </AspectRatio>
          </Box>
        </Box>
      )}
    </Box>
  );
}
