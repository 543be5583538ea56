import type { Prisma } from '../generated/prisma/client';

/**
 * Locks account `userId`'s users row until the transaction ends: the one mutex of
 * the caps counted per account (saved searches), so that concurrent writes of
 * one account take turns and the count each makes includes what the others
 * stored; never count-then-write without it. FOR NO KEY UPDATE does not block
 * what only references the account (foreign keys take FOR KEY SHARE), so other
 * writes about the account go on meanwhile.
 */
export async function lockAccount(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`;
}
