// A confirmation for an action that cannot be undone. The dialog's code (Chakra's
// dialog with its focus trap and portal, ConfirmDialogView.tsx) is in no page's
// first load: it loads when the page is idle or the dialog first opens.
import { lazy, Suspense, type ReactNode } from 'react';
import { useMountWhenIdle } from './deferred';

const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes; null lets it return to the button that opened it. */
  finalFocus?: () => HTMLElement | null;
  testId?: string;
  /** 'danger' (the default: deleting, rejecting, marking as fraud) or 'positive' (verifying, accepting, granting). */
  tone?: 'danger' | 'positive';
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const mounted = useMountWhenIdle(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
