// Unsubscribe links: signed, bound to one user and one setting, and refused when
// forged, altered or made with another key.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createUnsubscribeTokens, loadUnsubscribeSecret } from './unsubscribe-token';

const tokens = createUnsubscribeTokens('a-key');
const userId = '0193a0c4-0000-7000-8000-000000000001';

it('verifies what it signed, naming the user and the one setting', () => {
  expect(tokens.verify(tokens.sign(userId, 'offer_received'))).toEqual({ userId, scope: 'offer_received' });
  expect(tokens.verify(tokens.sign(userId, 'digest:daily'))).toEqual({ userId, scope: 'digest:daily' });
});

it('refuses tokens signed with another key, altered, or not tokens at all', () => {
  const token = tokens.sign(userId, 'new_message');
  const [payload, signature] = token.split('.');
  const otherUser = Buffer.from(JSON.stringify(['0193a0c4-0000-7000-8000-000000000002', 'new_message'])).toString('base64url');
  const otherScope = Buffer.from(JSON.stringify([userId, 'not_a_type'])).toString('base64url');
  for (const bad of [createUnsubscribeTokens('another-key').sign(userId, 'new_message'), `${otherUser}.${signature}`, `${payload}.${signature.slice(1)}`, `${payload}.${signature}.x`, '', 'x'.repeat(600)]) {
    expect(tokens.verify(bad)).toBeNull();
  }
  // Even a well-signed token must name a setting that exists.
  const mac = createUnsubscribeTokens('a-key');
  expect(mac.verify(`${otherScope}.${mac.sign(userId, 'new_message').split('.')[1]}`)).toBeNull();
});

it('generates a key once for the embedded setup and keeps it, unless one is configured', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-unsubscribe-'));
  try {
    const first = await loadUnsubscribeSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(await loadUnsubscribeSecret(undefined, dataDir)).toBe(first);
    expect(await loadUnsubscribeSecret('configured', dataDir)).toBe('configured');
    expect((await fs.stat(path.join(dataDir, 'secrets', 'unsubscribe.key'))).mode & 0o777).toBe(0o600);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
