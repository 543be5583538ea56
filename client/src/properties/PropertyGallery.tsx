// The details page's photo gallery (loaded on demand): a large photo in a fixed
// 4:3 frame, previous/next, thumbnails, and a full-screen view. Arrow keys move
// through the photos (in the gallery and full screen), Escape leaves full
// screen, and a swipe on a touch screen moves too. Photos are drawn by
// ResponsivePhoto (WebP and JPEG srcsets with the gallery's sizes).
import { AspectRatio, Box, Button, chakra, CloseButton, Dialog, HStack, IconButton, Image, Portal, Text } from '@chakra-ui/react';
import '../ui/recipes/dialog';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { LuChevronLeft, LuChevronRight, LuExpand } from 'react-icons/lu';
import type { PhotoFieldsFragment } from './properties.generated';
import { GALLERY_SIZES } from './image-sizes';
import { ResponsivePhoto } from './ResponsivePhoto';
import { CoverFrame, THUMBNAIL, THUMBNAIL_STRIP } from './gallery-frame';

const SWIPE_PX = 40;

/** Arrow keys and swipes move `index` through `count` photos. */
function useStepping(count: number) {
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const step = (by: number) => setIndex((current) => (current + by + count) % count);
  return {
    index,
    setIndex,
    step,
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else return;
      event.preventDefault();
      // The full-screen dialog is portalled, but React still bubbles its keys to the gallery: step once.
      event.stopPropagation();
    },
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'touch') start.current = event.clientX;
    },
    onPointerUp(event: PointerEvent) {
      if (start.current === null) return;
      const moved = event.clientX - start.current;
      start.current = null;
      if (Math.abs(moved) >= SWIPE_PX) step(moved < 0 ? 1 : -1);
    },
  };
}

function Stepper({ count, index, step, title }: { count: number; index: number; step: (by: number) => void; title: string }) {
  if (count < 2) return null;
  return (
    <>
      <IconButton position="absolute" left="2" top="50%" transform="translateY(-50%)" rounded="full" size="sm" variant="solid" colorPalette="gray" aria-label={`Previous photo of ${title}`} onClick={() => step(-1)}>
        <LuChevronLeft />
      </IconButton>
      <IconButton position="absolute" right="2" top="50%" transform="translateY(-50%)" rounded="full" size="sm" variant="solid" colorPalette="gray" aria-label={`Next photo of ${title}`} onClick={() => step(1)}>
        <LuChevronRight />
      </IconButton>
      <Text position="absolute" bottom="2" right="2" bg="blackAlpha.700" color="white" fontSize="xs" px="2" py="0.5" rounded="md" aria-live="polite" data-testid="gallery-position">
        {index + 1} / {count}
      </Text>
    </>
  );
}

export default function PropertyGallery({ photos, title }: { photos: PhotoFieldsFragment[]; title: string }) {
  const stepping = useStepping(photos.length);
  const [fullScreen, setFullScreen] = useState(false);
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
          <Button position="absolute" top="2" right="2" size="xs" variant="solid" colorPalette="gray" onClick={() => setFullScreen(true)} data-testid="gallery-fullscreen">
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
      <Dialog.Root open={fullScreen} onOpenChange={(details) => setFullScreen(details.open)} size="full">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content bg="black" color="white" onKeyDown={stepping.onKeyDown} data-testid="gallery-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  {title}: photo {index + 1} of {photos.length}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body position="relative" display="flex" alignItems="center" justifyContent="center" onPointerDown={stepping.onPointerDown} onPointerUp={stepping.onPointerUp} touchAction="pan-y">
                <Box width="full" height="80vh">
                  <ResponsivePhoto photo={current} sizes="100vw" fit="contain" eager testId="gallery-image" />
                </Box>
                <Stepper count={photos.length} index={index} step={step} title={title} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" color="white" aria-label="Close full screen" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
