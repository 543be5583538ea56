// A small form in a dialog (saving a search, reporting a listing): title, the
// fields, Cancel and the submit button; while it submits, neither Escape, the
// backdrop nor the × closes it.
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import './recipes/dialog';
import type { FormEvent, ReactNode } from 'react';
import { DialogCloseButton } from './ConfirmDialogView';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The submit button's colour ('red' for reports). */
  palette?: string;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  onClose(): void;
  children: ReactNode;
}

export function FormDialog({ open, title, submitting, submitLabel, busyLabel, palette = 'teal', onSubmit, onClose, children }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && !submitting && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" asChild>
            <form onSubmit={onSubmit} noValidate aria-label={title}>
              <DialogCloseButton disabled={submitting} />
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette={palette} loading={submitting} loadingText={busyLabel}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
