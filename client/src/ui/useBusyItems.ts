// Buttons in a list that each start a request (send a test, redeliver, remove):
// each is busy while its own request runs.
import { useCallback, useRef, useState } from 'react';

export interface BusyItems {
  /** Runs `action` for the item `key` unless one already runs for it (a double click sends one request). */
  run(key: string, action: () => Promise<unknown>): Promise<void>;
  /** Whether a request for `key` is running: its button shows loading (and takes no click). */
  isBusy(key: string): boolean;
}

export function useBusyItems(): BusyItems {
  // The ref answers at once, within the same frame as the first click; the state redraws the buttons.
  const running = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async (key: string, action: () => Promise<unknown>) => {
    if (running.current.has(key)) return;
    running.current.add(key);
    setBusy(new Set(running.current));
    try {
      await action();
    } finally {
      running.current.delete(key);
      setBusy(new Set(running.current));
    }
  }, []);
  return { run, isBusy: (key) => busy.has(key) };
}
