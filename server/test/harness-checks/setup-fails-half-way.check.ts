// Run only by server/test/harness.test.ts (OPENNEST_HARNESS_CHECKS=1): a suite
// whose beforeAll starts a browser session, a second app and an app process,
// then fails before it hands them to its afterAll. The test environment must
// release all of them; the file says where they listen (OPENNEST_HARNESS_REPORT)
// so that the harness test can check that nothing does any more.
import { writeFileSync } from 'node:fs';
import { startBrowserSession, type BrowserSession } from '../../../e2e/browser';
import { startAppProcess } from '../app-process';
import { testEnv } from '../infrastructure';
import { startTestApp } from '../test-app';

let session: BrowserSession | undefined;
const aStepThatFails = async (): Promise<void> => {
  throw new Error('This setup fails here on purpose.');
};
beforeAll(async () => {
  const started = await startBrowserSession();
  const secondApp = await startTestApp();
  const appProcess = await startAppProcess({ databaseUrl: secondApp.databaseUrl, label: 'app process of the failing setup' });
  const env = testEnv();
  const urls = [started.app.url, secondApp.url, appProcess.url, env.adminUrl, `http://${env.authEmulatorHost}`, env.smtpUrl, env.mailInboxUrl];
  writeFileSync(process.env.OPENNEST_HARNESS_REPORT!, JSON.stringify({ urls, appProcessPid: appProcess.pid }));
  await aStepThatFails();
  session = started;
});
afterAll(() => session?.close());

it('never gets here: the setup failed', () => {
  expect(session).toBeDefined();
});
