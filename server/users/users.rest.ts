// REST compatibility routes of spec section 7 for users, over the users service.
import { Router } from 'express';
import type { User as UserRecord } from '../generated/prisma/client';
import { contextOf } from '../context/http';
import { requireIdentity } from '../context/caller';
import { badInput, forbidden } from '../shared/errors';
import { bodyObject, queryString, typedBody } from '../rest/query';
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
    const body = typedBody(req, { name: 'string', image: 'string', email: 'string' });
    if (typeof body.email === 'string' && identity.email && normalizeEmail(body.email) !== normalizeEmail(identity.email)) {
      throw forbidden('The e-mail does not match your signed-in account.');
    }
    const user = await services.users.recordSignIn(caller, { name: body.name, image: body.image });
    res.json(toUserJson(user));
  });

  // Admin rows of the call table.
  router.get('/users', async (req, res) => {
    const { caller, services } = contextOf(req);
    const page = await services.userAdmin.list(caller, { first: 1000, after: queryString(req, 'cursor') });
    if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) res.setHeader('X-Next-Cursor', page.pageInfo.endCursor);
    res.json(page.nodes.map(toUserJson));
  });

  router.put('/users/role/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    const role = bodyObject(req).role;
    if (role !== 'admin' && role !== 'agent') throw badInput('"role" must be "admin" or "agent".');
    await services.userAdmin.setRole(caller, req.params.id, role);
    res.json({ modifiedCount: 1 });
  });

  router.put('/users/fraud/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.userAdmin.markFraud(caller, req.params.id);
    res.json({ modifiedCount: 1, message: 'User marked as fraud; their properties are hidden.' });
  });

  // ?email= is what legacy callers used to find the identity account; here the
  // account is found from the record, and a given e-mail must match it.
  router.delete('/users/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.userAdmin.deleteUser(caller, req.params.id, { email: queryString(req, 'email') });
    res.json({ deletedCount: 1 });
  });

  router.get('/users/role/:email', async (req, res) => {
    const { caller, services } = contextOf(req);
    const { role } = await services.users.roleByEmail(caller, req.params.email);
    res.json({ role });
  });

  return router;
}
