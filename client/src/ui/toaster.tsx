// Non-blocking notices: `toaster.create({ type: 'error', title, description })`.
// The toasts' code (ToasterView.tsx) loads when the page is idle or the first
// toast is made; a toast made before that shows as soon as it has loaded.
import { lazy, Suspense, useState, useEffect } from 'react';
import { useMountWhenIdle } from './deferred';

export interface ToastOptions {
  type?: 'success' | 'error' | 'warning' | 'info' | 'loading';
  title: string;
  description?: string;
  duration?: number;
  closable?: boolean;
  /** A button in the toast, e.g. { label: 'Open', onClick: () => navigate(link) }. */
  action?: { label: string; onClick: () => void };
}

const loadView = () => import('./ToasterView');
const ToasterView = lazy(loadView);

let viewMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  viewMounted = resolve;
});
let requestMount: () => void = () => undefined;

export const toaster = {
  create(options: ToastOptions): void {
    requestMount();
    void mounted.then(loadView).then((view) => view.toaster.create(options));
  },
};

/** Mount once, near the root. */
export function Toaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    requestMount = () => setNeeded(true);
  }, []);
  const show = useMountWhenIdle(needed);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView onMounted={viewMounted} />
    </Suspense>
  );
}
