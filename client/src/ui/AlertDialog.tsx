// The modal of useAlert() (alerts.tsx): loaded when the page is idle or the first
// alert is shown, so that no page's first download carries the dialog machinery.
import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import './recipes/dialog';
import { useEffect, useState } from 'react';
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

  // While it closes (the fade-out), the dialog keeps showing the alert it showed: emptied at once, its
  // title would name nothing (an unnamed alertdialog for a screen reader or axe) and its text would jump.
  const [shown, setShown] = useState(current);
  if (current && current !== shown) setShown(current);

  const Icon = shown ? ICONS[shown.status] : null;
  return (
    <Dialog.Root role="alertdialog" open={current !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content textAlign="center" data-testid="alert-dialog" data-status={shown?.status}>
            <Dialog.Header justifyContent="center" flexDirection="column" alignItems="center" gap="3" pt="8">
              {Icon && (
                <Box color={COLOURS[shown!.status]} fontSize="5xl" aria-hidden>
                  <Icon />
                </Box>
              )}
              <Dialog.Title fontSize="2xl">{shown?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{shown?.text && <Text color="fg.muted">{shown.text}</Text>}</Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="6">
              {!shown?.autoCloseMs && (
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
