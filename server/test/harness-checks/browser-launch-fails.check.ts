// Run only by server/test/harness.test.ts (OPENNEST_HARNESS_CHECKS=1): a browser
// suite whose browser cannot start. startBrowserSession has started the app by
// then; it must close it itself before it throws.
import { startBrowserSession, type BrowserSession } from '../../../e2e/browser';

let session: BrowserSession | undefined;
beforeAll(async () => {
  // An executable that is no browser: the launch fails after the app is up.
  process.env.CHROMIUM_PATH = '/bin/false';
  session = await startBrowserSession();
});
afterAll(() => session?.close());

it('never gets here: the browser did not start', () => {
  expect(session).toBeDefined();
});
