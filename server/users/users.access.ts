// Who may call each operation of user records, roles and administration (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, scoped, signedIn } from '../context/access';

/** Creating the user record at sign-in, counted per IP. */
const signIn = signedIn({ rateLimit: 'signIn' });

export const usersAccess = accessTable({
  // GraphQL root fields (users.graphql); also the REST routes of the same operationId: recordSignIn, setUserRole, deleteUser
  me: signedIn(),
  roleByEmail: auth(),
  users: scoped('admin', auth('admin')),
  myProfileFigures: auth(),
  recordSignIn: signIn,
  setUserRole: auth('admin'),
  markUserAsFraud: auth('admin'),
  deleteUser: auth('admin'),
  // REST operationIds only (users.routes.ts)
  getRoleByEmail: auth(),
  listUsers: scoped('admin', auth('admin')),
  markFraud: auth('admin'),
});
