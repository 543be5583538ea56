// What a page declares about its first screen (pages.ts `firstScreen`, the
// *.first-screen.ts modules); first-screen.ts finds and uses the declarations.
// This module imports nothing, so a declaration reaches no page.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/** One query of a first screen: the document a component runs, with the variables it runs it with. */
export interface FirstScreenQuery {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: TypedDocumentNode<any, any>;
  variables: Record<string, unknown>;
  /** Queries that need this one's answer (e.g. the listing's agent), run after it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  then?: (data: any) => FirstScreenQuery[];
}

/** Where a page is: its path's parameters (`:id`) and its query string. */
export interface PageUrl {
  params: Record<string, string>;
  search: URLSearchParams;
}

/** A page's first screen: its queries for a URL. */
export type FirstScreen = (url: PageUrl) => FirstScreenQuery[];

/** A first screen's declaration in the page table: loaded when needed, so the first load carries none. */
export type FirstScreenDeclaration = () => Promise<{ firstScreen: FirstScreen }>;
