// One-click unsubscribe links: a token naming the user and the one setting it
// turns off, signed with HMAC-SHA256, so it works without signing in and cannot
// be forged or pointed at anything else. The key comes from UNSUBSCRIBE_SECRET,
// or is generated once and kept under DATA_DIR (the embedded setup).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { NotificationType } from '../generated/prisma/client';
import { ALL_NOTIFICATION_TYPES } from './notification-types';

/** One type's e-mails, or every type currently in the daily or weekly digest. */
export type UnsubscribeScope = NotificationType | 'digest:daily' | 'digest:weekly';

export interface UnsubscribeTokens {
  sign(userId: string, scope: UnsubscribeScope): string;
  /** The token's user and scope; null for anything not signed by us. */
  verify(token: string): { userId: string; scope: UnsubscribeScope } | null;
}

const SCOPES = new Set<string>([...ALL_NOTIFICATION_TYPES, 'digest:daily', 'digest:weekly']);

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  return {
    sign(userId, scope) {
      const payload = Buffer.from(JSON.stringify([userId, scope])).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 512) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [userId, scope] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown];
        if (typeof userId !== 'string' || typeof scope !== 'string' || !SCOPES.has(scope)) return null;
        return { userId, scope: scope as UnsubscribeScope };
      } catch {
        return null;
      }
    },
  };
}

/** UNSUBSCRIBE_SECRET, or a key generated on first start and kept in `<dataDir>/secrets/unsubscribe.key`. */
export async function loadUnsubscribeSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'unsubscribe.key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
