// The gallery's pieces that its page part (PropertyGallery) and its full-screen
// view (GalleryFullScreen, loaded on first use) share: the cover's 4:3 frame,
// the thumbnails' strip, the stepping through photos by arrow keys and swipes,
// and the previous/next buttons with the position.
import { AspectRatio, IconButton, Text, type AspectRatioProps, type BoxProps, type StackProps } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** The large photo's frame. */
export function CoverFrame(props: AspectRatioProps) {
  return <AspectRatio ratio={4 / 3} rounded="xl" overflow="hidden" bg="gray.100" boxShadow="sm" {...props} />;
}

/** The strip of thumbnails under the cover. */
export const THUMBNAIL_STRIP = { gap: '2', mt: '2', pb: '1', overflowX: 'auto' } as const satisfies StackProps;

/** One thumbnail's button (its picture is 4:3 inside the border). */
export const THUMBNAIL = { display: 'block', width: '20', rounded: 'md', overflow: 'hidden', borderWidth: '2px' } as const satisfies BoxProps;

const SWIPE_PX = 40;

export type Stepping = ReturnType<typeof useStepping>;

/** Arrow keys and swipes move `index` through `count` photos. */
export function useStepping(count: number) {
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

export function Stepper({ count, index, step, title }: { count: number; index: number; step: (by: number) => void; title: string }) {
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
