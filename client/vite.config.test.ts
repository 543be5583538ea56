// The client build made with real Stripe keys carries none of the local payment
// server's card form (vite.config.ts defines __LOCAL_CARD_FORM__ false and the
// bundler drops the form's import), while the default build still has it.
// Each case is a real `vite build` into a temporary folder (no source maps).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildClient } from './build-client';

/** Text only the local card form carries: its form's test id (LocalCardForm.tsx) and its confirm request's card field (local-card.ts). */
const LOCAL_FORM_MARKERS = ['local-card-form', 'payment_method_data[card][number]'];

interface Build {
  outDir: string;
  /** Emitted JavaScript file name → its text. */
  scripts: Map<string, string>;
}

async function build(stripeKeys: boolean): Promise<Build> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'opennest-client-build-'));
  await buildClient(outDir, { stripeKeys });
  const assets = path.join(outDir, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  const scripts = new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(assets, name), 'utf8')] as const)));
  return { outDir, scripts };
}

const filesWith = (scripts: Map<string, string>, marker: string) => [...scripts].filter(([, text]) => text.includes(marker)).map(([name]) => name);

describe('client build and the local card form', () => {
  let stripe: Build;
  let local: Build;
  // Both builds at once: each is mostly single-threaded.
  beforeAll(async () => {
    [stripe, local] = await Promise.all([build(true), build(false)]);
  });
  afterAll(() => Promise.all([stripe, local].filter(Boolean).map((done) => rm(done.outDir, { recursive: true, force: true }))));

  it('a build with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY set emits no local card form code', () => {
    expect([...stripe.scripts.keys()]).toContainEqual(expect.stringMatching(/^PaymentPage-.*\.js$/));
    expect([...stripe.scripts.keys()]).toContainEqual(expect.stringMatching(/^StripeCardForm-.*\.js$/));
    expect([...stripe.scripts.keys()].filter((name) => name.startsWith('LocalCardForm'))).toEqual([]);
    for (const marker of LOCAL_FORM_MARKERS) expect(filesWith(stripe.scripts, marker)).toEqual([]);
    // Served by a server in local mode after all, the payment page says so instead of showing nothing.
    expect(filesWith(stripe.scripts, 'Card payments are not available right now.')).toEqual([expect.stringMatching(/^PaymentPage-.*\.js$/)]);
  });

  it('the default build (no Stripe keys) has the local card form in its own lazily loaded chunk', () => {
    for (const marker of LOCAL_FORM_MARKERS) expect(filesWith(local.scripts, marker)).toEqual([expect.stringMatching(/^LocalCardForm-.*\.js$/)]);
  });
});
