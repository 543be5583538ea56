// A list page opened at one of its items (`?item=<id>`, the link of a
// notification or an e-mail): that item is marked and scrolled into view once
// the list shows it, so "Open" lands on the thing itself, not just its list.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SystemStyleObject } from '@chakra-ui/react';

export const ITEM_PARAM = 'item';

/** The attribute a list's item carries so the page can find it. */
export const itemAttributes = (id: string, highlighted: string | null) => ({ 'data-item-id': id, ...(id === highlighted ? { 'data-highlighted': '' } : {}) });

/** How a marked item looks: a teal ring, in every list alike. */
export const HIGHLIGHTED_ITEM: SystemStyleObject = { '&[data-highlighted]': { outline: '3px solid', outlineColor: 'teal.500', outlineOffset: '2px' } };

/**
 * The id in `?item=`, or null. Once `shown` (the list has loaded), the item with
 * that id is scrolled to the middle of the screen, once per id.
 */
export function useHighlightedItem(shown: boolean): string | null {
  const [params] = useSearchParams();
  const id = params.get(ITEM_PARAM);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || !id || scrolledTo.current === id) return;
    const element = [...document.querySelectorAll<HTMLElement>('[data-item-id]')].find((candidate) => candidate.dataset.itemId === id);
    if (!element) return;
    scrolledTo.current = id;
    element.scrollIntoView({ block: 'center' });
  });
  return id;
}
