// The state behind a ConfirmDialog that asks about one item (a property, a
// review, an account...) and then runs an action on it.
import { useRef, useState, type RefObject } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

export interface ConfirmAction<T> {
  /** The item asked about; it stays set while the dialog animates closed. */
  item: T | null;
  /** Opens the dialog about `item`. */
  ask(item: T): void;
  /** What ConfirmDialog needs for it: spread them onto it. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'busy' | 'onConfirm' | 'onClose' | 'finalFocus'>;
}

/**
 * Confirming runs `action` on the item with the dialog busy (it cannot be
 * closed meanwhile), then closes the dialog. `action` tells the user how it went
 * (toasts, refetches) and resolves to true when it did its work: the button
 * that opened the dialog is then gone, so focus goes to `focusAfter` instead
 * (after a cancel or a failure it returns to that button).
 */
export function useConfirmAction<T>(action: (item: T) => Promise<boolean>, focusAfter: RefObject<HTMLElement | null>): ConfirmAction<T> {
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef(false);

  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    doneRef.current = false;
    try {
      doneRef.current = await action(item);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return {
    item,
    ask(next) {
      setItem(next);
      setOpen(true);
    },
    dialog: {
      open,
      busy,
      onConfirm: () => void confirm(),
      onClose: () => setOpen(false),
      finalFocus: () => (doneRef.current ? focusAfter.current : null),
    },
  };
}
