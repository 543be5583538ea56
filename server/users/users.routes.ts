// REST routes of spec section 7 for users, over the users services.
import { NAME_MAX_LENGTH } from '@opennest/common/validation/auth';
import type { User as UserRecord } from '../generated/prisma/client';
import { requireIdentity } from '../context/caller';
import { dateTime, DeletedCount, email, emailPathParam, id, idParams, IMAGE_URL_FIELD, ModifiedCount, ModifiedWithMessage, OWN_OR_ADMIN, ROLES } from '../rest/answers';
import { ignored, jsonBody, oneOf, optionalParam, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { usersAccess } from './users.access';
import { everyRecord } from '../rest/route-kinds';
import { z } from '../rest/zod';
import { forbidden } from '../shared/errors';
import { normalizeEmail } from './users.service';

const route = routesOf(usersAccess);

export const UserJson = z
  .strictObject({ _id: id, name: z.string(), email, role: z.enum(ROLES), image: z.string().nullable(), created_at: dateTime, last_log_in: dateTime })
  .openapi('User', { description: 'A user record (spec section 3).' });

/** The spec's user document. */
export function toUserJson(user: UserRecord): z.input<typeof UserJson> {
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

export const userRoutes: ApiRoute[] = [
  // Sent after registration and after Google sign-in. Only name and image are
  // taken from the body; role, dates and identity are the server's.
  route('POST /users', 'recordSignIn', {
    summary: 'Create or refresh the caller’s user record',
    description: 'Needs a valid token but no record yet. Only name and image are taken from the body. 409 when the e-mail belongs to another live account.',
    body: {
      kind: 'json',
      optional: true,
      schema: jsonBody(
        'UserRecordInput',
        {
          name: text({ maxLength: NAME_MAX_LENGTH, description: 'Kept when absent (a new record takes the token’s name).' }),
          image: text(IMAGE_URL_FIELD),
          email: text({ description: 'Optional; if sent, it must be the signed-in account’s e-mail (403 otherwise).' }),
          role: ignored('new records are role user; roles change only through PUT /users/role/{id}.'),
          created_at: ignored('set by the server.'),
          last_log_in: ignored('set by the server to now.'),
        },
        { description: 'Sent after registration and after Google sign-in. Identity and e-mail come from the token; a new record always has role user.' },
      ),
    },
    success: { status: 200, description: 'The caller’s record.', schema: UserJson },
    refusals: [403, 409],
    async handler({ body, context: { caller, services } }) {
      const identity = requireIdentity(caller);
      if (typeof body.email === 'string' && identity.email && normalizeEmail(body.email) !== normalizeEmail(identity.email)) {
        throw forbidden('The e-mail does not match your signed-in account.');
      }
      return toUserJson(await services.users.recordSignIn(caller, { name: body.name, image: body.image }));
    },
  }),

  route('GET /users/role/{email}', 'getRoleByEmail', {
    summary: 'The role of an account',
    description: `${OWN_OR_ADMIN} 404 when no account has the e-mail (admins).`,
    params: z.object({ email: emailPathParam }),
    success: { status: 200, description: 'The role.', schema: z.strictObject({ role: z.enum(ROLES) }) },
    refusals: [403, 404],
    async handler({ params, context: { caller, services } }) {
      const { role } = await services.users.roleByEmail(caller, params.email);
      return { role };
    },
  }),

  // Admin rows of the call table.
  route('GET /users', 'listUsers', everyRecord(toUserJson, {
    summary: 'Every user record, newest first (admins)',
    answer: { description: 'Up to 1000 records.', schema: z.array(UserJson) },
    page: (context, request) => context.services.userAdmin.list(context.caller, request),
  })),

  route('PUT /users/role/{id}', 'setUserRole', {
    summary: 'Make an account an admin or an agent (admins)',
    description: 'Not one’s own role (403). 409 for a fraud account, or when it would leave no admin.',
    params: idParams,
    body: { kind: 'json', schema: jsonBody('RoleAssignment', { role: oneOf(['admin', 'agent']) }) },
    success: { status: 200, description: 'Changed.', schema: ModifiedCount },
    refusals: [403, 404, 409],
    async handler({ params, body, context: { caller, services } }) {
      await services.userAdmin.setRole(caller, params.id, body.role);
      return { modifiedCount: 1 };
    },
  }),

  route('PUT /users/fraud/{id}', 'markFraud', {
    summary: 'Mark an agent as fraud (admins)',
    description: 'Their listings are hidden from buyers and the pending offers on them rejected. 409 unless the account is an agent.',
    params: idParams,
    success: { status: 200, description: 'Marked; message says what happened.', schema: ModifiedWithMessage },
    refusals: [403, 404, 409],
    async handler({ params, context: { caller, services } }) {
      await services.userAdmin.markFraud(caller, params.id);
      return { modifiedCount: 1, message: 'User marked as fraud; their properties are hidden.' };
    },
  }),

  // ?email= is what legacy callers used to find the identity account; here the
  // account is found from the record, and a given e-mail must match it.
  route('DELETE /users/{id}?email={email}', 'deleteUser', {
    summary: 'Delete an account and its sign-in account (admins)',
    description:
      'Not one’s own (403). ?email=, if sent, must be the account’s (400 otherwise). 409 while the account has accepted or bought offers, or when it would leave no admin. 503 when the identity provider fails (nothing changed).',
    params: idParams,
    query: z.object({ email: optionalParam({ param: { description: 'The account’s e-mail (optional check); once.' } }) }),
    success: { status: 200, description: 'Deleted.', schema: DeletedCount },
    refusals: [403, 404, 409, 503],
    async handler({ params, query, context: { caller, services } }) {
      await services.userAdmin.deleteUser(caller, params.id, { email: query.email });
      return { deletedCount: 1 };
    },
  }),
];
