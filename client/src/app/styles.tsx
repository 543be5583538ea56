// Chakra's styling runtime writes its CSS through emotion, as <style> elements
// it creates at run time. The pages' Content-Security-Policy admits a <style>
// only with the response's nonce (server/web/security-headers.ts), so every one
// emotion writes carries it: the prerendered ones (client/src/prerender.tsx,
// with the placeholder the server replaces) and the ones the running client adds.
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { CSP_NONCE_SELECTOR } from '@opennest/common/csp-nonce';

/**
 * The emotion cache whose <style> elements carry `nonce`. Its key is emotion's
 * default ("css"), so in the browser it adopts the prerendered styles it finds in
 * the page instead of writing them again.
 */
export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'css', nonce });
}

/** The nonce the server wrote into this page; none under `vite dev`, which sends no policy. */
export function pageStyleNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>(CSP_NONCE_SELECTOR)?.nonce || undefined;
}

/** Chakra's provider, writing its styles through `cache`. */
export function StylesProvider({ cache, system, children }: { cache: EmotionCache; system: SystemContext; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
