// Users: records created from verified identities, and role look-ups.
import { signInRecordSchema } from '@opennest/common/validation/auth';
import { requireIdentity, requireViewer, type Caller } from '../context/caller';
import type { IdentityProvider } from '../auth/identity-provider';
import type { Db } from '../db/client';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { EMAIL_TAKEN, isUniqueViolation } from '../db/constraint-meanings';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../shared/errors';
import { parseEmail } from '../shared/ids';
import { validateInput } from '../shared/validate';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface UsersServiceDeps {
  db: Db;
  identity: IdentityProvider;
}

export function createUsersService({ db, identity: identityProvider }: UsersServiceDeps) {
  return {
    /** The caller's record, or null right after sign-up (before recordSignIn). */
    me(caller: Caller): UserRecord | null {
      requireIdentity(caller);
      return caller.viewer;
    },

    /**
     * Creates the caller's record on first sign-in, or refreshes it. The uid and
     * e-mail come from the verified token; a new record is always role user.
     */
    async recordSignIn(caller: Caller, rawInput: unknown): Promise<UserRecord> {
      const identity = requireIdentity(caller);
      const input = await validateInput(signInRecordSchema, rawInput ?? {});
      if (!identity.email) throw badInput('Your sign-in has no e-mail address; use e-mail/password or Google sign-in.');
      const email = normalizeEmail(identity.email);
      const now = new Date();
      const profile = {
        ...(input.name ? { name: input.name } : {}),
        ...(input.image ? { image: input.image } : {}),
      };

      const sameEmail = await db.user.findUnique({ where: { email } });
      if (sameEmail && sameEmail.firebaseUid !== identity.uid) {
        // The e-mail's record belongs to another identity. Take it over only if
        // that identity no longer exists (account deleted and re-created, or an
        // emulator that forgot its accounts); otherwise refuse.
        if (await identityProvider.getAccount(sameEmail.firebaseUid)) {
          throw conflict(EMAIL_TAKEN);
        }
        return db.user.update({ where: { id: sameEmail.id }, data: { firebaseUid: identity.uid, lastLogInAt: now, ...profile } });
      }

      // A first record only for an identity that still exists: tokens outlive a
      // deleted account by up to an hour, and a deleted user must not come back.
      if (!caller.viewer && !(await identityProvider.getAccount(identity.uid))) {
        throw unauthenticated('This account no longer exists.');
      }

      const upsert = () =>
        db.user.upsert({
          where: { firebaseUid: identity.uid },
          update: { email, lastLogInAt: now, ...profile },
          create: {
            firebaseUid: identity.uid,
            email,
            name: input.name ?? identity.name ?? email.split('@')[0],
            image: input.image ?? identity.picture ?? null,
            role: 'user',
            lastLogInAt: now,
          },
        });
      try {
        return await upsert();
      } catch (error) {
        // A concurrent first sign-in of the same identity (two tabs, a double
        // click) created the record first: this one refreshes that record. Any
        // other owner of the e-mail is a CONFLICT (EMAIL_TAKEN, db/constraint-meanings.ts).
        if (isUniqueViolation(error) && (await db.user.findUnique({ where: { firebaseUid: identity.uid }, select: { id: true } }))) return upsert();
        throw error;
      }
    },

    /** Spec "GET /users/role/{email}": one's own role, or anyone's for an admin. */
    async roleByEmail(caller: Caller, rawEmail: unknown): Promise<{ email: string; role: Role }> {
      const viewer = requireViewer(caller);
      if (typeof rawEmail !== 'string' || !rawEmail.trim()) throw badInput('Email is required');
      const email = parseEmail(rawEmail);
      if (email !== viewer.email && viewer.role !== 'admin') throw forbidden('You can only look up your own role.');
      const user = email === viewer.email ? viewer : await db.user.findUnique({ where: { email }, select: { email: true, role: true } });
      if (!user) throw notFound('No user has this e-mail address.');
      return { email: user.email, role: user.role };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
