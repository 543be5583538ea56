// Who may call each operation of integrators' API keys (see context/access.ts).
// No scope on any of them: a key can neither make nor revoke keys (a leaked
// key must not be able to mint a longer-lived one).
import { auth, sameAccessFor } from '../context/access';
import { KEY_HOLDER_ROLES } from './api-key-credential';

/** Keys are for agents and admins; their endpoints too (webhooks.access.ts). */
export const integrators = auth(...KEY_HOLDER_ROLES);

// GraphQL root fields (api-keys.graphql)
export const apiKeysAccess = sameAccessFor(integrators, ['apiKeys', 'trustedDocuments', 'createApiKey', 'revokeApiKey', 'registerTrustedDocument']);
