// Which of the browser's Intl services a page used while it loaded. The first
// Intl formatter a page makes loads ICU's locale data: one task of 90 to 170 ms
// on a phone (4x CPU, measured in Chromium; docs/session-and-speed.md). So the
// app writes its dates and numbers without Intl (common/local-time.ts,
// common/numbers.ts), and the visual check, which opens every page as each role,
// says which page made one anyway. Only pages that must (a time in a listing's
// own time zone, which only Intl knows) are let through, by name.
import type { Page } from 'playwright-core';

/**
 * Runs in the page before its scripts: each Intl constructor, `Intl.supportedValuesOf`
 * and the `toLocale…String` / `localeCompare` methods note their name when used.
 * A string (not a function): it runs before anything of the page, and its
 * wrappers behave as the originals (with or without `new`, `instanceof`, static methods).
 */
const NOTE_INTL_USES = `(() => {
  const uses = (window.__opennestIntlUses = []);
  for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'ListFormat', 'DisplayNames', 'Segmenter']) {
    const Original = Intl[name];
    if (typeof Original !== 'function') continue;
    const Noted = function (...args) { uses.push('Intl.' + name); return new Original(...args); };
    Object.setPrototypeOf(Noted, Original);
    Noted.prototype = Original.prototype;
    Intl[name] = Noted;
  }
  const supportedValuesOf = Intl.supportedValuesOf;
  if (supportedValuesOf) Intl.supportedValuesOf = (...args) => { uses.push('Intl.supportedValuesOf'); return supportedValuesOf(...args); };
  for (const [owner, label, names] of [[Date.prototype, 'Date', ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']], [Number.prototype, 'Number', ['toLocaleString']], [String.prototype, 'String', ['localeCompare']]]) {
    for (const name of names) {
      const original = owner[name];
      Object.defineProperty(owner, name, { configurable: true, writable: true, value: function (...args) { uses.push(label + '.' + name); return original.apply(this, args); } });
    }
  }
})();`;

/** Notes `page`'s Intl uses in every document it loads from now on; call once, before its first navigation. */
export async function watchIntlUses(page: Page): Promise<void> {
  await page.addInitScript(NOTE_INTL_USES);
}

/** The Intl services the page's current document used so far, each once with how often. */
export async function intlUsesOf(page: Page): Promise<Array<{ use: string; count: number }>> {
  const uses = (await page.evaluate(() => (globalThis as unknown as { __opennestIntlUses?: string[] }).__opennestIntlUses ?? [])) as string[];
  const counts = new Map<string, number>();
  for (const use of uses) counts.set(use, (counts.get(use) ?? 0) + 1);
  return [...counts].map(([use, count]) => ({ use, count }));
}
