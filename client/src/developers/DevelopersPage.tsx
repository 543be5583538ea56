// The developer page (agents and admins): API keys (made with scopes and an
// expiry, the secret shown once; listed with their last use; revoked), links to
// the schema sandbox and the OpenAPI document, webhook endpoints with their
// delivery logs (WebhooksSection), and a short getting-started text.
import { Badge, Box, Button, Code, Heading, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuKeyRound, LuPlus } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { PageHeader } from '../properties/page-parts';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { SecretOnce } from './SecretOnce';
import { WebhooksSection } from './WebhooksSection';
import { ApiKeysDocument, useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation, type ApiKeyFieldsFragment } from './developers.generated';
import { formatLocalDateTime } from '@opennest/common/local-time';

const dateTime = (value: string) => formatLocalDateTime(new Date(value));

function keyState(key: ApiKeyFieldsFragment): { label: string; palette: string } {
  if (key.revokedAt) return { label: 'Revoked', palette: 'red' };
  if (new Date(key.expiresAt).getTime() <= Date.now()) return { label: 'Expired', palette: 'gray' };
  return { label: 'Active', palette: 'green' };
}

function GettingStarted() {
  const origin = window.location.origin;
  const curl = `curl ${origin}/graphql \\\n  -H 'Authorization: Bearer onk_…' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"query":"{ myProperties(first: 5) { nodes { id title status } } }"}'`;
  const node = `const answer = await fetch('${origin}/graphql', {\n  method: 'POST',\n  headers: { authorization: \`Bearer \${process.env.OPENNEST_KEY}\`, 'content-type': 'application/json' },\n  body: JSON.stringify({ query: '{ myProperties(first: 5) { nodes { id title } } }' }),\n});\nconsole.log((await answer.json()).data);`;
  return (
    <Stack gap="3" as="section" aria-labelledby="getting-started">
      <Heading as="h2" size="md" id="getting-started">
        Getting started
      </Heading>
      <Text>
        Send a key as <Code>Authorization: Bearer &lt;key&gt;</Code> to <Code>/graphql</Code>, to the REST paths under <Code>/api</Code>, or in the WebSocket’s connection payload. It acts as you, limited to its scopes; a missing scope
        answers 403, an unknown, revoked or expired key 401.
      </Text>
      <Text fontWeight="semibold">curl</Text>
      <Code as="pre" p="3" display="block" whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="curl-example">
        {curl}
      </Code>
      <Text fontWeight="semibold">Node</Text>
      <Code as="pre" p="3" display="block" whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="node-example">
        {node}
      </Code>
      <Wrap gap="4">
        <Link asChild colorPalette="teal">
          <RouterLink to="/sandbox">GraphQL sandbox and schema</RouterLink>
        </Link>
        <Link href="/api/openapi.json" colorPalette="teal">
          OpenAPI document (REST)
        </Link>
      </Wrap>
    </Stack>
  );
}

export default function DevelopersPage() {
  const { viewer } = useAuth();
  const keys = useApiKeysQuery({ fetchPolicy: 'cache-and-network' });
  const [create] = useCreateApiKeyMutation({ refetchQueries: [ApiKeysDocument], awaitRefetchQueries: true });
  const [revoke] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ secret: string; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const revocation = useConfirmAction(
    (key: ApiKeyFieldsFragment) =>
      revoke({ variables: { id: key.id } }).then(
        () => (toaster.create({ type: 'success', title: 'Key revoked', description: `“${key.name}” no longer works.` }), true),
        (error: unknown) => (toaster.create({ type: 'error', title: 'Could not revoke the key', description: errorMessage(error, 'Something went wrong. Please try again.') }), false),
      ),
    headingRef,
  );

  const createButton = (
    <Button colorPalette="teal" onClick={() => setCreating(true)}>
      <LuPlus aria-hidden /> Create key
    </Button>
  );
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} py="8">
      <Stack gap="8">
        <PageHeader title="Developers" headingRef={headingRef} subtitle="API keys for your integrations, and how to call the API with them." actions={createButton} />
        {made && (
          <SecretOnce
            testId="new-api-key"
            title={`“${made.name}” is ready. Copy its secret now: it will not be shown again.`}
            description="Only a hash of it is kept. If you lose it, revoke the key and create another."
            secret={made.secret}
            onDone={() => setMade(null)}
          />
        )}
        <Stack gap="3" as="section" aria-labelledby="api-keys">
          <Heading as="h2" size="md" id="api-keys">
            API keys
          </Heading>
          <QueryState query={keys} data={keys.data?.apiKeys} skeleton={<LoadingBlock label="Loading API keys" />} errorTitle="Could not load your API keys"
            empty={<EmptyNotice icon={<LuKeyRound />} title="No API keys yet" description="Create a key to call the API from your own software." testId="api-keys-empty" />}
          >
            {(rows) => (
              <CardList label="API keys" items={rows}>
                {(key) => {
                  const state = keyState(key);
                  return (
                    <ListCard
                      key={key.id}
                      testId="api-key"
                      actions={
                        state.label === 'Active' ? (
                          <RemoveButton size="sm" label={`Revoke ${key.name}`} onClick={() => revocation.ask(key)}>
                            Revoke
                          </RemoveButton>
                        ) : undefined
                      }
                    >
                      <HStack gap="2" wrap="wrap">
                        <Text fontWeight="semibold" overflowWrap="anywhere">
                          {key.name}
                        </Text>
                        <Badge colorPalette={state.palette}>{state.label}</Badge>
                      </HStack>
                      <Code alignSelf="start" overflowWrap="anywhere">{`onk_${key.keyId}_…`}</Code>
                      <Wrap gap="1" aria-label="Scopes">
                        {key.scopes.map((scope) => (
                          <Badge key={scope} variant="outline">
                            {scope}
                          </Badge>
                        ))}
                      </Wrap>
                      <Text fontSize="sm" color="fg.muted">
                        Created {dateTime(key.createdAt)} · {key.revokedAt ? `revoked ${dateTime(key.revokedAt)}` : `expires ${dateTime(key.expiresAt)}`}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" data-testid="api-key-last-use">
                        {key.lastUsedAt ? `Last used ${dateTime(key.lastUsedAt)} from ${key.lastUsedIp ?? 'an unknown address'}` : 'Never used'}
                      </Text>
                    </ListCard>
                  );
                }}
              </CardList>
            )}
          </QueryState>
        </Stack>
        <WebhooksSection />
        <GettingStarted />
      </Stack>
      <CreateApiKeyDialog
        open={creating}
        isAdmin={viewer?.role === 'admin'}
        onClose={() => setCreating(false)}
        onSubmit={async (input) => {
          const { data } = await create({ variables: { input } });
          if (data) setMade({ secret: data.createApiKey.secret, name: data.createApiKey.apiKey.name });
          setCreating(false);
        }}
      />
      <ConfirmDialog {...revocation.dialog} title="Revoke this API key?" confirmLabel="Revoke" busyLabel="Revoking..." testId="confirm-api-key-revoke">
        <Text>
          <Text as="strong">{revocation.item?.name}</Text> will stop working at once, for every request that uses it.
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
