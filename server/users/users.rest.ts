// REST compatibility routes of spec section 7 for users, over the users service.
import { Router } from 'express';
import type { User as UserRecord } from '../generated/prisma/client';
import { contextOf } from '../rest/request-context';
import { requireIdentity } from '../auth/caller';
import { forbidden } from '../shared/errors';
import { normalizeEmail } from './users.service';

/** The spec's user document. */
export function toUserJson(user: UserRecord) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    image: user.image,
    created_at: user.createdAt.toISOString(),
    last_log_in: user.lastLogInAt.toISOString(),
  };
}

export function usersRouter(): Router {
  const router = Router();

  // Sent after registration and after Google sign-in. Only name and image are
  // taken from the body; role, dates and identity are the server's.
  router.post('/users', async (req, res) => {
    const { caller, services } = contextOf(req);
    const identity = requireIdentity(caller);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.email === 'string' && identity.email && normalizeEmail(body.email) !== normalizeEmail(identity.email)) {
      throw forbidden('The e-mail does not match your signed-in account.');
    }
    const user = await services.users.recordSignIn(caller, { name: body.name, image: body.image });
    res.json(toUserJson(user));
  });

  router.get('/users/role/:email', async (req, res) => {
    const { caller, services } = contextOf(req);
    const { role } = await services.users.roleByEmail(caller, req.params.email);
    res.json({ role });
  });

  return router;
}
