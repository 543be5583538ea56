// After the client build: renders client/src/prerender.tsx in Node (through a
// Vite server in middleware mode, so the app's own modules are transformed the
// same way) and writes its markup into the built HTML: index.html gets the shell
// of every route, home.html (served for /, see server/web/client-app.ts) the
// home page's first screenful. Emotion writes the styles that markup needs next
// to it, so it paints before any script has run.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { afterClientBuild } from './after-client-build';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import { withoutGlobalStyleElements } from './global-css';

interface Shell {
  body: string;
  title: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** React writes `<link rel="preload" as="image">` for the images it renders: the high-priority ones belong in the head, the rest nowhere. */
const IMAGE_PRELOAD = /<link rel="preload" as="image" href="[^"]+" fetchPriority="(\w+)"\/>/g;

/**
 * The prerendered page needs no script to show, so the scripts start loading
 * right after its first paint instead of competing with it (for the connection
 * and the main thread): the entry script and its module preloads are added by a
 * small inline script once the first frame is out. If the entry cannot load, a
 * page the server drew (inert until the app takes it over) takes input again,
 * so its links still work.
 */
function loadScriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script.');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader = `<script>requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)});var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=${JSON.stringify(entry)};script.onerror=function(){document.getElementById("root").removeAttribute("inert")};document.head.appendChild(script)})})</script>`;
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', `${loader}</body>`);
}

/**
 * The shell sits between markers in #root, so the server can put a page it draws per request in its place (server/web/client-app.ts).
 * The CSS all pages share goes into the head (client/build/global-css.ts), with the nonce's placeholder the server fills in.
 */
function fillTemplate(template: string, shell: Shell, globalCss: string): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into.`);
  const escapedTitle = shell.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const imagePreloads = [...shell.body.matchAll(IMAGE_PRELOAD)].filter((match) => match[1] === 'high').map((match) => match[0]);
  const withShell = template
    .replace('</head>', `<style nonce="${CSP_NONCE_PLACEHOLDER}">${globalCss}</style></head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedTitle}</title>`)
    .replace('</title>', `</title>${imagePreloads.join('')}`)
    .replace(ROOT_ELEMENT, `<div id="root"><!--shell-->${withoutGlobalStyleElements(shell.body.replace(IMAGE_PRELOAD, ''))}<!--/shell--></div>`);
  return loadScriptsAfterFirstPaint(withShell);
}

export function prerender(): Plugin {
  return afterClientBuild('opennest:prerender', async (config, outDir) => {
    const server = await createServer({
      configFile: false,
      root: config.root,
      mode: 'production',
      logLevel: 'error',
      define: config.define,
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const { renderShells, renderGlobalCss } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderShells(): { home: Shell; app: Shell }; renderGlobalCss(): string };
      const shells = renderShells();
      const globalCss = renderGlobalCss();
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeFile(path.join(outDir, 'home.html'), fillTemplate(template, shells.home, globalCss));
      await writeFile(path.join(outDir, 'index.html'), fillTemplate(template, shells.app, globalCss));
    } finally {
      await server.close();
    }
  });
}
