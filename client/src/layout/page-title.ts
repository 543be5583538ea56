// The tab title of each route: its `handle.title`, from the page table (app/pages.ts) by the route table (router.tsx).
import type { UIMatch } from 'react-router';

export const SITE_NAME = 'OpenNest';

export interface RouteHandle {
  /** What the page is, for the browser tab: 'All Properties' → 'All Properties · OpenNest'. */
  title: string;
  /** The page renders its own <title> (from its data, e.g. the property's name), with `titled(title)` until it has it. */
  titleFromPage?: boolean;
}

/** 'All Properties' → 'All Properties · OpenNest'. */
export const titled = (title: string) => `${title} · ${SITE_NAME}`;

/**
 * The innermost matched route with a title names the page (null when that page
 * names itself); the home page's title is the site's own.
 */
export function pageTitle(matches: Array<Pick<UIMatch, 'handle'>>): string | null {
  const handle = matches
    .map((match) => match.handle as RouteHandle | undefined)
    .filter((candidate) => candidate?.title)
    .at(-1);
  if (handle?.titleFromPage) return null;
  return handle ? titled(handle.title) : `${SITE_NAME}: verified homes, accountable agents, secure payments`;
}
