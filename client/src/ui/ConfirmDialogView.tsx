// The confirmation dialog itself (ConfirmDialog.tsx loads it when the page is
// idle or the dialog first opens): Cancel gets the focus, the confirm button
// spins while the action runs, and neither Escape nor the backdrop closes it mid-action.
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import './recipes/dialog';
import { useRef } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

/** The × in a dialog's corner (`disabled` while the dialog must stay open). */
export function DialogCloseButton({ disabled = false }: { disabled?: boolean }) {
  return (
    <Dialog.CloseTrigger asChild disabled={disabled}>
      <CloseButton size="sm" aria-label="Close" />
    </Dialog.CloseTrigger>
  );
}

export default function ConfirmDialogView({ open, title, children, confirmLabel, busyLabel, busy, onConfirm, onClose, finalFocus, testId, tone = 'danger' }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={finalFocus}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title pe="6">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={cancelRef} variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={tone === 'danger' ? 'red' : 'teal'} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <DialogCloseButton disabled={busy} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
