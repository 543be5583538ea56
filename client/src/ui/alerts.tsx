// Modal alerts in the style the spec describes ('Oops...', success alerts that
// close themselves after 2 s). `const alert = useAlert(); await alert.show({...})`
// resolves when the alert closes, so callers can navigate afterwards. The modal
// itself (AlertDialog.tsx) is loaded when the page is idle or first needed.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMountWhenIdle } from './deferred';

export type AlertStatus = 'success' | 'error' | 'warning' | 'info';

export interface AlertOptions {
  status: AlertStatus;
  title: string;
  text?: string;
  /** Close on its own after this many milliseconds (no OK button then). */
  autoCloseMs?: number;
}

interface AlertApi {
  show(options: AlertOptions): Promise<void>;
}

const AlertContext = createContext<AlertApi | null>(null);
const AlertDialog = lazy(() => import('./AlertDialog'));

export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AlertOptions | null>(null);
  const resolveRef = useRef<(() => void) | null>(null);
  const mounted = useMountWhenIdle(current !== null);

  const close = useCallback(() => {
    setCurrent(null);
    resolveRef.current?.();
    resolveRef.current = null;
  }, []);

  const api = useMemo<AlertApi>(
    () => ({
      show: (options) =>
        new Promise<void>((resolve) => {
          resolveRef.current?.();
          resolveRef.current = resolve;
          setCurrent(options);
        }),
    }),
    [],
  );

  return (
    <AlertContext.Provider value={api}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <AlertDialog current={current} onClose={close} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside <AlertProvider>.');
  return api;
}
