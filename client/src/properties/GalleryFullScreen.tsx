// The gallery's full-screen view: its own chunk, loaded when someone first asks
// for it (PropertyGallery), so that the details page draws its gallery, cover
// photo included, with the page's own code (the cover the server drew is then
// the element the browser keeps, and its largest paint counts when it painted).
import { Box, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import '../ui/recipes/dialog';
import type { PhotoFieldsFragment } from './properties.generated';
import { ResponsivePhoto } from './ResponsivePhoto';
import { Stepper, type Stepping } from './gallery-frame';

export default function GalleryFullScreen({ photos, title, stepping, open, onOpenChange }: { photos: PhotoFieldsFragment[]; title: string; stepping: Stepping; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { index, step } = stepping;
  const current = photos[index] ?? photos[0];
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="full">
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
  );
}
