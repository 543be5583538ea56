import { useState } from 'react';

/**
 * The newest defined `data` this component has had: while a new answer loads
 * (new variables, or the cache's copy evicted and fetched again), what is on
 * screen stays until the answer arrives. Apollo's `previousData` cannot serve:
 * it changes only when an answer differs from the one before, so after two
 * equal answers in a row (a keyword, then a filter that finds the same homes)
 * it is the answer before both, and a reload then showed that older list.
 */
export function useLastAnswer<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  // Derived state set during render (React re-renders at once, before the screen shows it).
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
