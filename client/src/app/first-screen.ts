// The data of a page's first screen, in the page's first HTML response. Each page
// of the page table (pages.ts) may declare its first screen: the queries it runs
// before anything is clicked, with their variables made from its URL. The
// server runs those same documents with the same variables for a signed-in
// request (the build bundles this module for it: client/build/server-bundles.ts,
// server/web/first-screen.ts) and writes the answers into the page as JSON; the
// client writes them into its Apollo cache before its first render, so the first
// screen makes no request of its own. This module stays small: it is in the
// first load, and the declarations it reaches load lazily.
import type { ApolloCache } from '@apollo/client';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenState } from '@opennest/common/first-screen';
import type { FirstScreenDeclaration, FirstScreenQuery } from './first-screen-declaration';
import { DASHBOARD, DASHBOARD_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES, SIGNED_IN_FIRST_SCREEN, type PageDeclaration } from './pages';

/** The full paths of the page table's pages ('/allProperties', '/dash-board/update-property/:id'), with their first screens. */
function declaredPages(): Array<{ pattern: string[]; firstScreen?: FirstScreenDeclaration; signedIn: boolean }> {
  const of = (prefix: string, pages: readonly PageDeclaration[], signedIn: boolean) =>
    pages.map(({ path, firstScreen }) => ({ pattern: `${prefix}/${path}`.split('/').filter(Boolean), firstScreen, signedIn }));
  return [
    ...of('', PUBLIC_PAGES, false),
    ...of('', SIGNED_IN_PAGES, true),
    { pattern: [DASHBOARD.path], signedIn: true },
    ...of(`/${DASHBOARD.path}`, DASHBOARD_PAGES, true),
  ];
}

/** The path's parameters when `pathname` is the page `pattern`, else null. */
function matchPage(pattern: string[], pathname: string): Record<string, string> | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(segments[index]);
    } catch {
      return null;
    }
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

/**
 * The first screen's queries at `pathname` + `search`: a signed-in caller's every
 * page runs the layout's (the account's record, the bell's count), then the page's own.
 */
export async function firstScreenQueries(pathname: string, search: string, signedIn: boolean): Promise<FirstScreenQuery[]> {
  const url = { search: new URLSearchParams(search) };
  const page = declaredPages().find(({ pattern }) => matchPage(pattern, pathname) !== null);
  const declarations = [...(signedIn ? [SIGNED_IN_FIRST_SCREEN] : []), ...(page?.firstScreen && (signedIn || !page.signedIn) ? [page.firstScreen] : [])];
  const params = page ? matchPage(page.pattern, pathname)! : {};
  const screens = await Promise.all(declarations.map((load) => load()));
  return screens.flatMap(({ firstScreen }) => firstScreen({ ...url, params }));
}

/** Whether the page at `pathname` declares a first screen of its own (beyond every signed-in page's account and bell). */
export function declaresOwnFirstScreen(pathname: string): boolean {
  const page = declaredPages().find(({ pattern }) => matchPage(pattern, pathname) !== null);
  return Boolean(page?.firstScreen);
}

/** The operation a document runs (its one operation's name). */
export function operationNameOf(query: FirstScreenQuery['query']): string | null {
  for (const definition of query.definitions) if (definition.kind === 'OperationDefinition') return definition.name?.value ?? null;
  return null;
}

/** The state the server wrote into this page, if it wrote one. */
export function firstScreenStateOf(document: Document): FirstScreenState | null {
  const written = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!written) return null;
  try {
    return JSON.parse(written) as FirstScreenState;
  } catch {
    return null;
  }
}

/**
 * Writes the server's answers into the cache, each under the document this page's
 * first screen declares for it: the components' queries then find their data.
 */
export async function restoreFirstScreen(cache: ApolloCache, state: FirstScreenState, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  if (!state.results.length) return;
  const declaredFirst = await firstScreenQueries(pathname, search, state.signedIn);
  // With the queries that followed an answer on the server (FirstScreenQuery.then), from that same answer.
  const queries = declaredFirst.flatMap((declared) => {
    const answered = declared.then && state.results.find((result) => result.operationName === operationNameOf(declared.query));
    return [declared, ...(declared.then && answered ? declared.then(answered.data) : [])];
  });
  for (const result of state.results) {
    const declared = queries.find(({ query }) => operationNameOf(query) === result.operationName);
    if (declared) cache.writeQuery({ query: declared.query, variables: result.variables, data: result.data });
  }
}
