import { useState } from 'react';
import { Card, Stack, Text } from '@chakra-ui/react';
import { LoadingBlock } from '../ui/CardList';
import { errorMessage } from '../app/errors';
import { useEmailSettingsQuery, useSetEmailSettingMutation, type EmailDelivery, type EmailSettingFieldsFragment } from './notifications.generated';
import { PageHeader } from '../properties/page-parts';
import { QueryState } from '../ui/QueryState';
import { SelectField } from '../ui/SelectField';
import { toaster } from '../ui/toaster';

const DELIVERY_LABEL: Record<EmailDelivery, string> = {
  instant: 'Instantly',
  daily: 'In the daily digest',
  weekly: 'In the weekly digest',
  never: 'Never',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** For each kind of notification the caller's role receives: e-mail instantly, in the daily digest, or never. */
export default function EmailSettingsPage() {
  const settings = useEmailSettingsQuery({ fetchPolicy: 'cache-and-network' });
  const [setSetting] = useSetEmailSettingMutation();
  // The choice a person just made, by type, shown until it is refused. QueryState draws the
  // cached answer deferred, so the optimistic answer alone reaches the controlled select a
  // render late: the select jumped back to the old value for that render (and, on a busy
  // machine, until after "Setting saved").
  const [chosen, setChosen] = useState<Partial<Record<EmailSettingFieldsFragment['type'], EmailDelivery>>>({});

  const change = async (row: EmailSettingFieldsFragment, delivery: EmailDelivery) => {
    const { type, about } = row;
    setChosen((current) => ({ ...current, [type]: delivery }));
    try {
      await setSetting({ variables: { type, delivery }, optimisticResponse: { setEmailSetting: { ...row, delivery } } });
      toaster.create({ type: 'success', title: 'Setting saved', description: `E-mails about ${about}: ${DELIVERY_LABEL[delivery].toLowerCase()}.` });
    } catch (error) {
      // A refused choice goes back to the saved value.
      setChosen(({ [type]: _refused, ...others }) => others);
      toaster.create({ type: 'error', title: 'Could not save the setting', description: errorMessage(error, 'Something went wrong. Please try again.') });
    }
  };

  return (
    <>
      <title>E-mail Settings · OpenNest</title>
      <PageHeader title="E-mail Settings" subtitle="Everything shows under the bell; here you choose what also comes by e-mail. Every e-mail has a one-click unsubscribe link." />
      <QueryState
        query={settings}
        data={settings.data?.emailSettings}
        skeleton={<LoadingBlock height="64" label="Loading your settings" />}
        errorTitle="Could not load your e-mail settings"
      >
        {(rows) => (
          <Card.Root maxW="3xl">
            <Card.Body as="ul" listStyleType="none" p={{ base: '4', md: '6' }} gap="5" aria-label="E-mail settings">
              {rows.map((row) => (
                <Stack as="li" key={row.type} gap="1" data-testid="email-setting">
                  <SelectField
                    label={capitalised(row.about)}
                    value={chosen[row.type] ?? row.delivery}
                    options={row.choices.map((choice) => ({ value: choice, label: DELIVERY_LABEL[choice] }))}
                    onChange={(value) => void change(row, value as EmailDelivery)}
                  />
                </Stack>
              ))}
              <Text as="li" fontSize="sm" color="fg.muted">
                Saved searches e-mail no more often than each search’s own alert frequency.
              </Text>
            </Card.Body>
          </Card.Root>
        )}
      </QueryState>
    </>
  );
}
