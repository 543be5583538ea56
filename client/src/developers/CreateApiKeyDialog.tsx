// Making an API key: a name, its scopes (the admin scope only for admins) and
// how long it lasts, checked with the server's own schema.
import { Checkbox, CheckboxGroup, Fieldset, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/checkbox';
import '../ui/recipes/fieldset';
import { useFormik } from 'formik';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPES, apiKeySchema, type ApiKeyScope } from '@opennest/common/validation/api-key';
import { errorMessage } from '../app/errors';
import { FormDialog } from '../ui/FormDialog';
import { useServerAwareValidation } from '../ui/form-validation';
import { FormField } from '../ui/FormField';
import { SelectField } from '../ui/SelectField';
import { toaster } from '../ui/toaster';

export interface ApiKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: string;
}

const LIFETIMES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: 'One year (the longest)' },
];

interface CreateApiKeyDialogProps {
  open: boolean;
  /** Admins may give the admin scope. */
  isAdmin: boolean;
  onClose(): void;
  /** Makes the key; throws the server's refusal (shown under the fields or as a toast). */
  onSubmit(values: { name: string; scopes: ApiKeyScope[]; expiresInDays: number }): Promise<void>;
}

export function CreateApiKeyDialog({ open, isAdmin, onClose, onSubmit }: CreateApiKeyDialogProps) {
  const { validate, showServerErrors } = useServerAwareValidation<ApiKeyValues>(apiKeySchema, ['name', 'scopes', 'expiresInDays']);
  const form = useFormik<ApiKeyValues>({
    initialValues: { name: '', scopes: [], expiresInDays: '90' },
    validate,
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit({ name: values.name.trim(), scopes: values.scopes, expiresInDays: Number(values.expiresInDays) });
        helpers.resetForm();
      } catch (error) {
        if (!showServerErrors(helpers, values, error)) {
          toaster.create({ type: 'error', title: 'Could not create the key', description: errorMessage(error, 'Something went wrong. Please try again.') });
        }
      }
    },
  });
  const scopes = API_KEY_SCOPES.filter((scope) => scope !== 'admin' || isAdmin);
  const scopeError = form.touched.scopes || form.submitCount > 0 ? (form.errors.scopes as string | undefined) : undefined;
  return (
    <FormDialog open={open} title="Create an API key" submitting={form.isSubmitting} submitLabel="Create key" busyLabel="Creating" onSubmit={form.handleSubmit} onClose={onClose}>
      <FormField form={form} name="name" label="Name" maxLength={API_KEY_NAME_MAX_LENGTH} autoComplete="off" helperText="Say what uses it, e.g. “CRM sync”." />
      <Fieldset.Root invalid={Boolean(scopeError)}>
        <Fieldset.Legend>Scopes</Fieldset.Legend>
        <Fieldset.HelperText>The key can do only what its scopes allow, and never more than your account can.</Fieldset.HelperText>
        <CheckboxGroup value={form.values.scopes} onValueChange={(value) => void form.setFieldValue('scopes', value as ApiKeyScope[])} name="scopes">
          <Stack gap="2" mt="2">
            {scopes.map((scope) => (
              <Checkbox.Root key={scope} value={scope} alignItems="flex-start" data-testid={`scope-${scope}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Text as="span" fontFamily="mono" fontSize="sm">
                    {scope}
                  </Text>
                  <Text as="span" display="block" color="fg.muted" fontSize="sm" fontWeight="normal">
                    {API_KEY_SCOPE_DESCRIPTIONS[scope]}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        <Fieldset.ErrorText>{scopeError}</Fieldset.ErrorText>
      </Fieldset.Root>
      <SelectField label="Expires after" name="expiresInDays" value={form.values.expiresInDays} options={LIFETIMES} onChange={(value) => void form.setFieldValue('expiresInDays', value)} />
    </FormDialog>
  );
}
