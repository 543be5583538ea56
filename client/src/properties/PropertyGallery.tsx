// The details page's photo gallery: a large photo in a fixed 4:3 frame,
// previous/next, thumbnails, and a full-screen view. Arrow keys move through
// the photos (in the gallery and full screen), Escape leaves full screen, and a
// swipe on a touch screen moves too. Photos are drawn by ResponsivePhoto (WebP
// and JPEG srcsets with the gallery's sizes).
// Part of the page's own code, not a chunk of its own: a signed-in details page
// is drawn by the server, and the client takes that markup over, so the cover
// <img> that painted first stays the same element (as a lazily loaded part, the
// gallery replaced the server's placeholder, and a phone's largest contentful
// paint was counted when the new image drew, 2.3 s instead of the photo's first
// paint). Only the full-screen view, which no first screen shows, loads later.
import { AspectRatio, Box, Button, chakra, HStack, Image } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuExpand } from 'react-icons/lu';
import { useLoadedOnFirstUse } from '../ui/deferred';
import type { PhotoFieldsFragment } from './properties.generated';
import { GALLERY_SIZES } from './image-sizes';
import { ResponsivePhoto } from './ResponsivePhoto';
import { CoverFrame, Stepper, THUMBNAIL, THUMBNAIL_STRIP, useStepping } from './gallery-frame';

const loadFullScreen = () => import('./GalleryFullScreen');
const GalleryFullScreen = lazy(loadFullScreen);

export function PropertyGallery({ photos, title }: { photos: PhotoFieldsFragment[]; title: string }) {
  const stepping = useStepping(photos.length);
  const fullScreen = useLoadedOnFirstUse(loadFullScreen);
  const { index, setIndex, step } = stepping;
  const current = photos[index] ?? photos[0];

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      tabIndex={0}
      onKeyDown={stepping.onKeyDown}
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.500', outlineOffset: '2px' }}
      rounded="xl"
      data-testid="gallery"
    >
      <CoverFrame>
        <Box position="relative" onPointerDown={stepping.onPointerDown} onPointerUp={stepping.onPointerUp} touchAction="pan-y">
          <ResponsivePhoto photo={current} sizes={GALLERY_SIZES} eager testId="gallery-image" />
          <Stepper count={photos.length} index={index} step={step} title={title} />
          <Button position="absolute" top="2" right="2" size="xs" variant="solid" colorPalette="gray" loading={fullScreen.busy} onClick={fullScreen.show} data-testid="gallery-fullscreen">
            <LuExpand aria-hidden /> Full screen
          </Button>
        </Box>
      </CoverFrame>
      {photos.length > 1 && (
        <HStack as="ul" listStyleType="none" {...THUMBNAIL_STRIP} aria-label="Thumbnails">
          {photos.map((photo, position) => (
            <Box as="li" key={photo.url + position} flexShrink={0}>
              <chakra.button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show photo ${position + 1} of ${photos.length}`}
                aria-current={position === index ? 'true' : undefined}
                {...THUMBNAIL}
                borderColor={position === index ? 'teal.500' : 'transparent'}
              >
                <AspectRatio ratio={4 / 3}>
                  <Image src={photo.thumbnail} alt="" loading="lazy" objectFit="cover" width="80px" height="60px" />
                </AspectRatio>
              </chakra.button>
            </Box>
          ))}
        </HStack>
      )}
      {fullScreen.mounted && (
        <Suspense fallback={null}>
          <GalleryFullScreen photos={photos} title={title} stepping={stepping} open={fullScreen.open} onOpenChange={fullScreen.setOpen} />
        </Suspense>
      )}
    </Box>
  );
}
