// The name and alert frequency of a saved search, in a dialog: "Save this
// search" on All Properties, and Edit on the saved searches page.
import { Text } from '@chakra-ui/react';
import { FormDialog } from '../ui/FormDialog';
import { describeFilter } from './describe-filter';
import type { PropertyFilter } from './saved-searches.generated';
import { useFormik } from 'formik';
import { savedSearchSchema, type AlertFrequencyValue } from '@opennest/common/validation/saved-search';
import { errorMessage } from '../app/errors';
import type { AlertFrequency } from './saved-searches.generated';
import { FREQUENCY_LABEL } from './saved-search-text';
import { useServerAwareValidation } from '../ui/form-validation';
import { FormField } from '../ui/FormField';
import { SelectField } from '../ui/SelectField';
import { toaster } from '../ui/toaster';

const FREQUENCY_OPTIONS = (Object.keys(FREQUENCY_LABEL) as AlertFrequency[]).map((value) => ({ value, label: FREQUENCY_LABEL[value] }));

export interface SavedSearchValues {
  name: string;
  frequency: AlertFrequencyValue;
}

interface SavedSearchDialogProps {
  open: boolean;
  title: string;
  /** What the search finds, in words (shown above the fields). */
  summary: string;
  /** The filters it keeps, said after the summary (new searches; saved ones put them in their summary). */
  filter?: PropertyFilter;
  initialValues: SavedSearchValues;
  submitLabel: string;
  onClose(): void;
  /** Saves; throws the server's refusal (shown under the fields or as a toast). */
  onSubmit(values: SavedSearchValues): Promise<void>;
}

/** The dialog; the default export lets pages load it only when it opens. */
export default SavedSearchDialog;

export function SavedSearchDialog({ open, title, summary, filter, initialValues, submitLabel, onClose, onSubmit }: SavedSearchDialogProps) {
  const { validate, showServerErrors } = useServerAwareValidation<SavedSearchValues>(savedSearchSchema, ['name', 'frequency']);
  const form = useFormik<SavedSearchValues>({
    initialValues,
    enableReinitialize: true,
    validate,
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit({ ...values, name: values.name.trim() });
        onClose();
      } catch (error) {
        if (!showServerErrors(helpers, values, error)) {
          toaster.create({ type: 'error', title: 'Could not save the search', description: errorMessage(error, 'Something went wrong. Please try again.') });
        }
      }
    },
  });
  return (
    <FormDialog open={open} title={title} submitting={form.isSubmitting} submitLabel={submitLabel} busyLabel="Saving" onSubmit={form.handleSubmit} onClose={onClose}>
      <Text color="fg.muted">{summary}</Text>
      {filter && describeFilter(filter) && (
        <Text color="fg.muted" data-testid="saved-search-filters">
          Filters: {describeFilter(filter)}.
        </Text>
      )}
      <FormField form={form} name="name" label="Name" maxLength={80} autoComplete="off" />
      <SelectField
        label="Alert me about new matching listings"
        name="frequency"
        value={form.values.frequency}
        options={FREQUENCY_OPTIONS}
        onChange={(value) => void form.setFieldValue('frequency', value)}
      />
    </FormDialog>
  );
}
