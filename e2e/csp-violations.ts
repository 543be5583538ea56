// What a page's Content-Security-Policy blocked, as the page itself saw it: the
// `securitypolicyviolation` event fires in the document for every violation the
// browser would report to POST /csp-report. Read by the checks that walk pages
// (the security-headers check, the visual check's walk of every route).
import type { Page } from 'playwright-core';

/** One `securitypolicyviolation` event: on which page, what directive, what it blocked. */
export type SeenViolation = { page: string; directive: string; blocked: string; sample: string };

/** Records every CSP violation `page`'s documents see into `seen` (an init script runs in each new document). Call before its first navigation. */
export async function watchViolations(page: Page, seen: SeenViolation[]): Promise<void> {
  await page.exposeBinding('opennestCspViolation', (_source, violation: SeenViolation) => {
    seen.push(violation);
  });
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    window.opennestCspViolation({ page: location.pathname, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
  });`);
}
