// The tab title of each route: its `handle.title` in the route table (router.tsx).
import type { UIMatch } from 'react-router';

export const SITE_NAME = 'OpenNest';

export interface RouteHandle {
  /** What the page is, for the browser tab: 'All Properties' → 'All Properties · OpenNest'. */
  title: string;
}

/** The innermost matched route with a title names the page; the home page's title is the site's own. */
export function pageTitle(matches: Array<Pick<UIMatch, 'handle'>>): string {
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: verified homes, accountable agents, secure payments`;
}
