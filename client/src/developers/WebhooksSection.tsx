// The developer page's webhooks: register an endpoint (URL and events; its
// signing secret shown once), send a test event, read its delivery log and
// redeliver, delete it.
import { Badge, Button, Checkbox, CheckboxGroup, Code, Fieldset, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import '../ui/recipes/checkbox';
import '../ui/recipes/fieldset';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { LuPlus, LuRefreshCw, LuSend, LuWebhook } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_LENGTH, webhookEndpointSchema } from '@opennest/common/validation/webhook';
import { errorMessage } from '../app/errors';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { FormDialog } from '../ui/FormDialog';
import { FormField } from '../ui/FormField';
import { useServerAwareValidation } from '../ui/form-validation';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useBusyItems } from '../ui/useBusyItems';
import { useConfirmAction } from '../ui/useConfirmAction';
import {
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useRedeliverWebhookMutation,
  useSendTestWebhookMutation,
  useWebhookDeliveriesQuery,
  useWebhookEndpointsQuery,
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
  type WebhookEndpointFieldsFragment,
} from './developers.generated';
import { SecretOnce } from './SecretOnce';
import { formatLocalDateTime } from '@opennest/common/local-time';

const dateTime = (value: string) => formatLocalDateTime(new Date(value), { seconds: true });
const failed = (error: unknown, title: string) => toaster.create({ type: 'error', title, description: errorMessage(error, 'Something went wrong. Please try again.') });

interface EndpointValues {
  url: string;
  events: string[];
}

function RegisterDialog({ open, onClose, onMade }: { open: boolean; onClose(): void; onMade(made: { secret: string; url: string }): void }) {
  const [create] = useCreateWebhookEndpointMutation({ refetchQueries: [WebhookEndpointsDocument], awaitRefetchQueries: true });
  const { validate, showServerErrors } = useServerAwareValidation<EndpointValues>(webhookEndpointSchema, ['url', 'events']);
  const form = useFormik<EndpointValues>({
    initialValues: { url: '', events: [] },
    validate,
    onSubmit: async (values, helpers) => {
      try {
        const { data } = await create({ variables: { input: { url: values.url.trim(), events: values.events } } });
        if (data) onMade({ secret: data.createWebhookEndpoint.secret, url: data.createWebhookEndpoint.endpoint.url });
        helpers.resetForm();
        onClose();
      } catch (error) {
        if (!showServerErrors(helpers, values, error)) failed(error, 'Could not register the endpoint');
      }
    },
  });
  const eventsError = form.touched.events || form.submitCount > 0 ? (form.errors.events as string | undefined) : undefined;
  return (
    <FormDialog open={open} title="Register a webhook endpoint" submitting={form.isSubmitting} submitLabel="Register" busyLabel="Registering" onSubmit={form.handleSubmit} onClose={onClose}>
      <FormField form={form} name="url" label="URL" type="url" inputMode="url" maxLength={WEBHOOK_URL_MAX_LENGTH} autoComplete="off" placeholder="https://example.com/opennest-hooks" helperText="An https address that answers 2xx within 10 s." />
      <Fieldset.Root invalid={Boolean(eventsError)}>
        <Fieldset.Legend>Events</Fieldset.Legend>
        <CheckboxGroup value={form.values.events} onValueChange={(value) => void form.setFieldValue('events', value)} name="events">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox.Root key={type} value={type} data-testid={`event-${type}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontFamily="mono" fontSize="sm">
                  {type}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </CheckboxGroup>
        <Fieldset.ErrorText>{eventsError}</Fieldset.ErrorText>
      </Fieldset.Root>
    </FormDialog>
  );
}

const STATUS_PALETTE = { succeeded: 'green', failed: 'red', pending: 'orange' } as const;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointFieldsFragment }) {
  const deliveries = useWebhookDeliveriesQuery({ variables: { endpointId: endpoint.id }, fetchPolicy: 'cache-and-network' });
  const [redeliver] = useRedeliverWebhookMutation({ refetchQueries: [WebhookDeliveriesDocument] });
  const busy = useBusyItems();
  return (
    <Stack gap="2" data-testid="delivery-log">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h4" size="sm">
          Delivery log
        </Heading>
        <Button size="xs" variant="outline" onClick={() => void deliveries.refetch()} aria-label={`Refresh the delivery log of ${endpoint.url}`}>
          <LuRefreshCw aria-hidden /> Refresh
        </Button>
      </HStack>
      <QueryState query={deliveries} data={deliveries.data?.webhookDeliveries} skeleton={<LoadingBlock label="Loading deliveries" height="20" />} errorTitle="Could not load the deliveries"
        empty={<Text color="fg.muted" fontSize="sm">No deliveries yet. Send a test event.</Text>}
      >
        {(rows) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Event</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Answer</Table.ColumnHeader>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((delivery) => (
                  <Table.Row key={delivery.id} data-testid="delivery">
                    <Table.Cell>
                      <Text fontFamily="mono" fontSize="xs">
                        {delivery.eventType}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {delivery.eventId}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[delivery.status]}>{delivery.status}</Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontSize="xs">{delivery.responseStatus ?? 'no answer'}{delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}</Text>
                      {delivery.responseExcerpt && (
                        <Code fontSize="xs" maxW="48" display="block" overflowWrap="anywhere" whiteSpace="pre-wrap">
                          {delivery.responseExcerpt.slice(0, 200)}
                        </Code>
                      )}
                    </Table.Cell>
                    <Table.Cell fontSize="xs">{dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={busy.isBusy(delivery.id)}
                        onClick={() => busy.run(delivery.id, () => redeliver({ variables: { deliveryId: delivery.id } }).then(() => toaster.create({ type: 'success', title: 'Redelivery queued' }), (error: unknown) => failed(error, 'Could not redeliver')))}
                        aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
                      >
                        Redeliver
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </QueryState>
    </Stack>
  );
}

export function WebhooksSection() {
  const endpoints = useWebhookEndpointsQuery({ fetchPolicy: 'cache-and-network' });
  const [sendTest] = useSendTestWebhookMutation({ refetchQueries: [WebhookDeliveriesDocument] });
  const [remove] = useDeleteWebhookEndpointMutation({ refetchQueries: [WebhookEndpointsDocument] });
  const [registering, setRegistering] = useState(false);
  const [made, setMade] = useState<{ secret: string; url: string } | null>(null);
  const busy = useBusyItems();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletion = useConfirmAction(
    (endpoint: WebhookEndpointFieldsFragment) =>
      remove({ variables: { id: endpoint.id } }).then(
        () => (toaster.create({ type: 'success', title: 'Endpoint deleted' }), true),
        (error: unknown) => (failed(error, 'Could not delete the endpoint'), false),
      ),
    headingRef,
  );
  return (
    <Stack gap="3" as="section" aria-labelledby="webhooks">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id="webhooks" ref={headingRef} tabIndex={-1}>
          Webhooks
        </Heading>
        <Button size="sm" colorPalette="teal" onClick={() => setRegistering(true)}>
          <LuPlus aria-hidden /> Register endpoint
        </Button>
      </HStack>
      {made && <SecretOnce testId="new-webhook-secret" title={`${made.url} is registered. Copy its signing secret now: it will not be shown again.`} description="Verify every delivery’s OpenNest-Signature header with it: an HMAC-SHA256 of the timestamp and the raw body, as Stripe signs." secret={made.secret} onDone={() => setMade(null)} />}
      <QueryState query={endpoints} data={endpoints.data?.webhookEndpoints} skeleton={<LoadingBlock label="Loading webhook endpoints" />} errorTitle="Could not load your webhook endpoints"
        empty={<EmptyNotice icon={<LuWebhook />} title="No webhook endpoints yet" description="Register one to hear of verified listings, accepted offers, payments, messages and viewings as they happen." testId="webhooks-empty" />}
      >
        {(rows) => (
          <CardList label="Webhook endpoints" items={rows}>
            {(endpoint) => (
              <ListCard
                key={endpoint.id}
                testId="webhook-endpoint"
                actions={
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={Boolean(endpoint.disabledAt)}
                      loading={busy.isBusy(endpoint.id)}
                      onClick={() => busy.run(endpoint.id, () => sendTest({ variables: { endpointId: endpoint.id } }).then(() => toaster.create({ type: 'success', title: 'Test event queued' }), (error: unknown) => failed(error, 'Could not send the test event')))}
                      aria-label={`Send test event to ${endpoint.url}`}
                    >
                      <LuSend aria-hidden /> Send test event
                    </Button>
                    <RemoveButton size="sm" label={`Delete ${endpoint.url}`} onClick={() => deletion.ask(endpoint)}>
                      Delete
                    </RemoveButton>
                  </>
                }
              >
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {endpoint.url}
                  </Text>
                  {endpoint.disabledAt ? <Badge colorPalette="red">Disabled</Badge> : endpoint.failingSince ? <Badge colorPalette="orange">Failing</Badge> : <Badge colorPalette="green">Active</Badge>}
                </HStack>
                <HStack gap="1" wrap="wrap" aria-label="Events">
                  {endpoint.events.map((type) => (
                    <Badge key={type} variant="outline">
                      {type}
                    </Badge>
                  ))}
                </HStack>
                <DeliveryLog endpoint={endpoint} />
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
      <RegisterDialog open={registering} onClose={() => setRegistering(false)} onMade={setMade} />
      <ConfirmDialog {...deletion.dialog} title="Delete this webhook endpoint?" confirmLabel="Delete" busyLabel="Deleting..." testId="confirm-webhook-delete">
        <Text>
          <Text as="strong" overflowWrap="anywhere">
            {deletion.item?.url}
          </Text>{' '}
          will get no more events, and its delivery log goes with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
