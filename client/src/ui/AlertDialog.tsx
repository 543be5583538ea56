// The modal of useAlert() (alerts.tsx): loaded when the page is idle or the first
// alert is shown, so that no page's first download carries the dialog machinery.
import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuCircleAlert, LuCircleCheck, LuInfo, LuTriangleAlert } from 'react-icons/lu';
import type { AlertOptions } from './alerts';
import { DialogCloseButton } from './ConfirmDialogView';

const ICONS = { success: LuCircleCheck, error: LuCircleAlert, warning: LuTriangleAlert, info: LuInfo };
const COLOURS = { success: 'green.500', error: 'red.500', warning: 'orange.400', info: 'blue.500' };

export default function AlertDialog({ current, onClose }: { current: AlertOptions | null; onClose: () => void }) {
  // The countdown starts once the alert is on screen (this component is what shows it).
  useEffect(() => {
    if (!current?.autoCloseMs) return;
    const timer = setTimeout(onClose, current.autoCloseMs);
    return () => clearTimeout(timer);
  }, [current, onClose]);

  const Icon = current ? ICONS[current.status] : null;
  return (
    <Dialog.Root role="alertdialog" open={current !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content textAlign="center" data-testid="alert-dialog" data-status={current?.status}>
            <Dialog.Header justifyContent="center" flexDirection="column" alignItems="center" gap="3" pt="8">
              {Icon && (
                <Box color={COLOURS[current!.status]} fontSize="5xl" aria-hidden>
                  <Icon />
                </Box>
              )}
              <Dialog.Title fontSize="2xl">{current?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{current?.text && <Text color="fg.muted">{current.text}</Text>}</Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="6">
              {!current?.autoCloseMs && (
                <Button colorPalette="teal" onClick={onClose} autoFocus>
                  OK
                </Button>
              )}
            </Dialog.Footer>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
