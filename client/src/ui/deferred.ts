// For the parts of the screen that no first paint needs (dialogs, toasts, the
// mobile menu): their code downloads once the page is idle, or as soon as
// someone needs them, whichever comes first.
import { startTransition, useEffect, useState } from 'react';

/** Runs `task` when the browser is next idle (at the latest after `timeoutMs`); returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/**
 * False until the page has been idle once, or at once when `needed` turns true; then stays true.
 * Turning true when idle is a transition: React then draws what it mounts in short slices
 * between which the page takes input, where an ordinary update would draw it all in one
 * task (one of 50 to 190 ms on a phone, each counted in the page's blocking time).
 */
export function useMountWhenIdle(needed = false): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  const [wasNeeded, setWasNeeded] = useState(needed);
  if (needed && !wasNeeded) setWasNeeded(true);
  return idle || wasNeeded;
}

/**
 * Whether the module `load` brings is in, once `start` is true (false before).
 * A button that opens a lazily loaded dialog shows itself busy with
 * `loading={open && !ready}`: pressed before the code arrived, it says so
 * instead of seeming to do nothing. `load` is the same import the `lazy`
 * component makes (the browser fetches a module once).
 */
export function useModuleReady(load: () => Promise<unknown>, start: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!start || ready) return;
    let current = true;
    // A failed load shows where the lazy component is drawn (its error boundary); the button stops waiting either way.
    void load().then(
      () => current && setReady(true),
      () => current && setReady(true),
    );
    return () => {
      current = false;
    };
  }, [load, start, ready]);
  return ready;
}

/**
 * A dialog or view whose code loads when someone first asks for it: `open` as it is shown,
 * `mounted` from the first request on (it then stays mounted, keeping its state between
 * openings), `busy` while its code downloads (the button that asked says so); `show()` asks.
 */
export function useLoadedOnFirstUse(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const ready = useModuleReady(load, mounted);
  return {
    open,
    setOpen,
    mounted,
    busy: open && !ready,
    show() {
      setMounted(true);
      setOpen(true);
    },
  };
}
