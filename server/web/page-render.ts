// A signed-in page's first screen drawn on the server, into its first HTML
// response (client/src/page-render.tsx, bundled by the build into
// dist/.server/page-render). The answers it draws from are the ones the page
// carries (first-screen.ts), so the screen the client then renders over it from
// the same cache is the same one. A page the renderer cannot draw keeps the
// loading shell: the client draws it as before.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_RENDER_MODULE, type FirstScreenState } from '@opennest/common/first-screen';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import type { Logger } from '../infra/logger';

export interface RenderedPage {
  /** The markup of #root; its <style> elements carry the nonce's placeholder. */
  body: string;
  title: string | null;
}

interface PageRenderModule {
  renderPage(url: string, state: FirstScreenState, config: RuntimeConfig, onError: (error: unknown) => void): Promise<RenderedPage | null>;
}

/** Draws the page at `pathAndQuery` for the session `state` describes; null: send the shell. */
export type PageRenderer = (pathAndQuery: string, state: FirstScreenState) => Promise<RenderedPage | null>;

/** The build's renderer; null when the build has none (an older build, or a test's stand-in). */
export async function loadPageRenderer(clientDistDir: string, config: RuntimeConfig, log: Logger): Promise<PageRenderer | null> {
  const file = path.join(clientDistDir, PAGE_RENDER_MODULE);
  if (!existsSync(file)) return null;
  let module: PageRenderModule;
  try {
    module = (await import(pathToFileURL(file).href)) as PageRenderModule;
  } catch (error) {
    // The pages still work without it (the client draws them): a broken bundle must not stop the app.
    log.error({ err: error, file }, 'could not load the page renderer; signed-in pages are sent with the loading shell');
    return null;
  }
  return async (pathAndQuery, state) => {
    try {
      // Only the path and query route; the origin is never read.
      const reportPart = (error: unknown) => log.warn({ err: error, path: pathAndQuery }, 'a part of a page could not be drawn on the server; the client draws it');
      return await module.renderPage(new URL(pathAndQuery, 'http://localhost').href, state, config, reportPart);
    } catch (error) {
      log.warn({ err: error, path: pathAndQuery }, 'could not draw a page on the server; it is sent with the loading shell');
      return null;
    }
  };
}
