// The contract between the server, which answers a page's first-screen queries
// in its HTML, and the client, which starts its Apollo cache from them
// (client/src/app/first-screen.ts, server/web/first-screen.ts).

/** The id of the `<script type="application/json">` element the state is written into (it never runs). */
export const FIRST_SCREEN_ELEMENT_ID = 'opennest-first-screen';

/** Where, under the client's build folder, the build bundles the page table's first-screen declarations for the server (a dot folder: never served). */
export const FIRST_SCREEN_MODULE = '.server/first-screen.mjs';

/** Where, under the client's build folder, the build bundles the page renderer (client/src/page-render.tsx) for the server. */
export const PAGE_RENDER_MODULE = '.server/page-render/page-render.mjs';

/** What the page carries. */
export interface FirstScreenState {
  /** The request carried a valid session (the caller's record may still be missing). */
  signedIn: boolean;
  /** The answers of the first screen's queries the server could give (refused ones are left out). */
  results: Array<{ operationName: string; variables: Record<string, unknown>; data: Record<string, unknown> }>;
}
