// Account administration (admins only): roles, fraud marking, deletion. The
// invariants (no self-demotion or self-deletion, at least one admin, record and
// identity account deleted together) hold under concurrent requests because
// each change runs in a transaction that locks the rows it reasons about.
import { requireViewer, type Caller } from '../context/caller';
import type { IdentityProvider } from '../auth/identity-provider';
import type { Db } from '../db/client';
import type { Prisma, User as UserRecord } from '../generated/prisma/client';
import type { Logger } from '../infra/logger';
import type { JobQueue } from '../jobs/job-queue';
import { badInput, conflict, forbidden, notFound, serviceUnavailable } from '../shared/errors';
import { parseId } from '../shared/ids';
import type { Notifier } from '../notifications/notifier';
import { notifyRejected } from '../offers/offers.service';
import { cancelFutureViewings } from '../viewings/listing-ends';
import { decodeCursor, newestFirstAfter, newestFirstCursor, pageSize, toPage, type Page } from '../shared/pagination';
import { usersAccess } from './users.access';

type Tx = Prisma.TransactionClient;
export type AssignableRole = 'admin' | 'agent';

export const LAST_ADMIN = 'The last admin cannot be removed or demoted.';

interface LockedUser {
  id: string;
  email: string;
  role: UserRecord['role'];
  firebase_uid: string;
}

async function lockUser(tx: Tx, id: string): Promise<LockedUser> {
  const [user] = await tx.$queryRaw<LockedUser[]>`SELECT id, email, role::text AS role, firebase_uid FROM users WHERE id = ${id}::uuid FOR UPDATE`;
  if (!user) throw notFound('User not found.');
  return user;
}

/**
 * Locks the account's row and every admin row in one statement, in id order.
 * Every change that could remove an admin takes its locks this way, so two such
 * changes (two admins demoting or deleting each other) queue one behind the
 * other instead of deadlocking; the second then sees the first's result (rows
 * no longer admin drop out when re-checked after the wait).
 */
async function lockUserAndAdmins(tx: Tx, id: string): Promise<{ target: LockedUser; adminIds: string[] }> {
  const rows = await tx.$queryRaw<LockedUser[]>`
    SELECT id, email, role::text AS role, firebase_uid FROM users WHERE id = ${id}::uuid OR role = 'admin' ORDER BY id FOR UPDATE`;
  const target = rows.find((row) => row.id === id);
  if (!target) throw notFound('User not found.');
  return { target, adminIds: rows.filter((row) => row.role === 'admin').map((row) => row.id) };
}

/** Checks, on rows locked by lockUserAndAdmins, that an admin would remain after removing `leaving`. */
function assertAnotherAdminRemains(adminIds: string[], leaving: string): void {
  if (!adminIds.some((adminId) => adminId !== leaving)) throw conflict(LAST_ADMIN);
}

export function createUserAdminService({ db, identity, log, notifier, jobs }: { db: Db; identity: IdentityProvider; log?: Logger; notifier: Notifier; jobs: JobQueue }) {
  return {
    async list(caller: Caller, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<UserRecord>> {
      requireViewer(caller, usersAccess.users.roles);
      const size = pageSize(first, { fallback: 50, max: 1000 });
      const rows = await db.user.findMany({
        where: after ? newestFirstAfter(decodeCursor(after, 'NEWEST')) : {},
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: size + 1,
      });
      return toPage(rows, size, newestFirstCursor);
    },

    async setRole(caller: Caller, rawId: string, role: AssignableRole): Promise<UserRecord> {
      const viewer = requireViewer(caller, usersAccess.setUserRole.roles);
      const id = parseId(rawId, 'user id');
      if (role !== 'admin' && role !== 'agent') throw conflict('An admin can only make an account an admin or an agent.');
      if (id === viewer.id) throw forbidden('You cannot change your own role.');
      return db.$transaction(async (tx) => {
        const { target, adminIds } = await lockUserAndAdmins(tx, id);
        if (target.role === 'fraud') throw conflict('Fraud accounts cannot change role.');
        if (target.role === 'admin' && role !== 'admin') assertAnotherAdminRemains(adminIds, id);
        const updated = await tx.user.update({ where: { id }, data: { role } });
        if (target.role !== role) {
          const [{ txid }] = await tx.$queryRaw<Array<{ txid: string }>>`SELECT txid_current()::text AS txid`;
          await notifier.notify(tx, {
            recipientId: id,
            type: 'role_changed',
            subjectId: id,
            text: `An admin made your account ${role === 'admin' ? 'an admin' : 'an agent'}.`,
            // Each change of role is its own event (a later change back is news again).
            dedupeKey: `role:${role}:${txid}`,
          });
        }
        return updated;
      });
    },

    /**
     * Agent → fraud: their listings are hidden from buyers and the pending offers on them rejected.
     * In its own transaction, or in `tx` when the marking is part of a larger change
     * (resolving reports): then it commits or rolls back with that change.
     */
    async markFraud(caller: Caller, rawId: string, tx?: Tx): Promise<UserRecord> {
      requireViewer(caller, usersAccess.markUserAsFraud.roles);
      const id = parseId(rawId, 'user id');
      const mark = async (tx: Tx) => {
        const target = await lockUser(tx, id);
        if (target.role !== 'agent') throw conflict('Only agents can be marked as fraud.');
        const updated = await tx.user.update({ where: { id }, data: { role: 'fraud' } });
        const rejected = await tx.offer.updateManyAndReturn({ where: { agentId: id, status: 'pending' }, data: { status: 'rejected' } });
        await notifyRejected(notifier, tx, rejected, (title) => `${title} is no longer listed, so your offer was rejected.`);
        await cancelFutureViewings(tx, notifier, jobs, { agentId: id }, 'agent-fraud');
        // The account hears of it once (by e-mail, per its settings); its dashboard shows only the warning.
        await notifier.notify(tx, { recipientId: id, type: 'marked_fraud', subjectId: id, text: 'An admin marked your agent account as fraudulent.', dedupeKey: 'marked-fraud' });
        return updated;
      };
      return tx ? mark(tx) : db.$transaction(mark);
    },

    /**
     * Deletes the record (with the account's wishlist, reviews, open offers and
     * listings) and then the identity-provider account, inside one transaction:
     * if the identity call fails, the database change is rolled back and the
     * admin gets an error. Accounts with accepted or completed offers are kept.
     */
    async deleteUser(caller: Caller, rawId: string, options: { email?: string } = {}): Promise<string> {
      const viewer = requireViewer(caller, usersAccess.deleteUser.roles);
      const id = parseId(rawId, 'user id');
      if (id === viewer.id) throw forbidden('You cannot delete your own account.');
      return db.$transaction(
        async (tx) => {
          const { target, adminIds } = await lockUserAndAdmins(tx, id);
          // Legacy callers name the account by e-mail too; it must be this one.
          if (options.email !== undefined && options.email.trim().toLowerCase() !== target.email) throw badInput('The e-mail does not match this user.');
          if (target.role === 'admin') assertAnotherAdminRemains(adminIds, id);
          // The account's offers are locked before they are judged: an offer being
          // accepted right now is waited for and then seen as accepted, instead of
          // being counted as open and deleted with the account.
          const offers = await tx.$queryRaw<Array<{ status: string }>>`
            SELECT status::text AS status FROM offers WHERE buyer_id = ${id}::uuid OR agent_id = ${id}::uuid FOR UPDATE`;
          const settled = offers.some((offer) => offer.status === 'accepted' || offer.status === 'bought');
          if (settled) {
            throw conflict('This account has accepted or completed offers, which stay on record. Mark the agent as fraud instead, or delete the account once the offers are settled.');
          }
          // Pending and rejected offers by or to the account, then its listings
          // (their wishlist entries and reviews cascade), then the account (its
          // own wishlist entries and reviews cascade).
          await tx.offer.deleteMany({ where: { OR: [{ buyerId: id }, { agentId: id }] } });
          await tx.property.deleteMany({ where: { agentId: id } });
          await tx.user.delete({ where: { id } });
          // Its tokens stay valid until they expire (real Firebase checks no revocation): refuse them from now on.
          await tx.revokedIdentity.upsert({ where: { firebaseUid: target.firebase_uid }, create: { firebaseUid: target.firebase_uid }, update: { revokedAt: new Date() } });
          try {
            await identity.deleteAccount(target.firebase_uid);
          } catch (error) {
            if ((error as { code?: string }).code !== 'auth/user-not-found') {
              log?.error({ err: error, userId: id }, 'identity account deletion failed; record kept');
              throw serviceUnavailable('The sign-in account could not be deleted, so nothing was changed. Please try again.');
            }
          }
          return id;
        },
        { timeout: 30_000 },
      );
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
