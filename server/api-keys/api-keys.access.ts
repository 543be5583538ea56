// Who may call each operation of integrators' API keys (see context/access.ts).
// No scope on any of them: a key can neither make nor revoke keys (a leaked
// key must not be able to mint a longer-lived one).
import { accessTable, auth } from '../context/access';

/** Keys are for agents and admins (api-key-credential.ts KEY_HOLDER_ROLES). */
const keyHolders = auth('agent', 'admin');

export const apiKeysAccess = accessTable({
  // GraphQL root fields (api-keys.graphql)
  apiKeys: keyHolders,
  trustedDocuments: keyHolders,
  createApiKey: keyHolders,
  revokeApiKey: keyHolders,
  registerTrustedDocument: keyHolders,
});
