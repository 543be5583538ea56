// The local Stripe-compatible server is for machines without Stripe: with real
// Stripe keys its module must never be loaded. A child Node process records
// every module it loads (module.registerHooks) while it imports the app and
// starts payments in each mode.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../config';

const run = promisify(execFile);

const PROBE = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
await import('./server/app.ts');
const { startPayments } = await import('./server/payments/payments-runtime.ts');
const mode = process.env.PROBE_MODE;
const config = mode === 'stripe' ? { mode, secretKey: 'sk_test_probe', publishableKey: 'pk_test_probe', webhookSecret: 'whsec_probe' } : { mode };
const runtime = await startPayments(config, { log: { info() {}, warn() {}, error() {} } });
await runtime.stop();
console.log(JSON.stringify({ provider: runtime.browser.provider, localServerModules: loaded.filter((url) => url.includes('/local-services/')).map((url) => url.split('/server/')[1]) }));
`;

async function probe(mode: 'stripe' | 'local') {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', PROBE], {
    cwd: projectRoot,
    env: { ...process.env, PROBE_MODE: mode },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('the local payment server module', () => {
  it('is never loaded with real Stripe keys, and is loaded in local mode', async () => {
    expect(await probe('stripe')).toEqual({ provider: 'stripe', localServerModules: [] });
    // The same probe sees it when it is used, so the empty list above means something.
    expect(await probe('local')).toEqual({ provider: 'local', localServerModules: expect.arrayContaining(['local-services/local-stripe.ts']) });
  });
});
