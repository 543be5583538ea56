// "Report this listing" on the details page (loaded when the button is first
// pressed): a reason, details (required with "Other"), sent once.
import { Field, Textarea } from '@chakra-ui/react';
import { FormDialog } from '../ui/FormDialog';
import { useFormik } from 'formik';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, reportSchema, type ReportReasonValue } from '@opennest/common/validation/report';
import { errorMessage } from '../app/errors';
import { useReportListingMutation } from './reports.generated';
import { useServerAwareValidation } from '../ui/form-validation';
import { SelectField } from '../ui/SelectField';
import { toaster } from '../ui/toaster';

interface ReportValues {
  reason: ReportReasonValue | '';
  details: string;
}

const REASON_OPTIONS = [{ value: '', label: 'Choose a reason' }, ...REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }))];

export default function ReportListingDialog({ propertyId, title, open, onClose }: { propertyId: string; title: string; open: boolean; onClose(): void }) {
  const [reportListing] = useReportListingMutation();
  const { validate, showServerErrors } = useServerAwareValidation<ReportValues>(reportSchema, ['reason', 'details']);
  const form = useFormik<ReportValues>({
    initialValues: { reason: '', details: '' },
    validate,
    onSubmit: async (values, helpers) => {
      try {
        await reportListing({ variables: { input: { propertyId, reason: values.reason as ReportReasonValue, details: values.details.trim() || null } } });
      } catch (error) {
        showServerErrors(helpers, values, error);
        toaster.create({ type: 'error', title: 'Could not send the report', description: errorMessage(error, 'Something went wrong') });
        return;
      }
      toaster.create({ type: 'success', title: 'Report sent', description: 'An admin will look at it. You can follow it under My Reports.' });
      helpers.resetForm();
      onClose();
    },
  });
  const detailsError = form.touched.details ? form.errors.details : undefined;
  return (
    <FormDialog open={open} title={`Report “${title}”`} submitting={form.isSubmitting} submitLabel="Send report" busyLabel="Sending..." palette="red" onSubmit={form.handleSubmit} onClose={onClose}>
      <SelectField label="Reason" name="reason" value={form.values.reason} options={REASON_OPTIONS} onChange={(reason) => void form.setFieldValue('reason', reason)} data-testid="report-reason" />
      {form.touched.reason && form.errors.reason && (
        <Field.Root invalid>
          <Field.ErrorText>{form.errors.reason}</Field.ErrorText>
        </Field.Root>
      )}
      <Field.Root invalid={Boolean(detailsError)}>
        <Field.Label>Details{form.values.reason !== 'other' && ' (optional)'}</Field.Label>
        <Textarea name="details" value={form.values.details} onChange={form.handleChange} onBlur={form.handleBlur} maxLength={REPORT_DETAILS_MAX_LENGTH} rows={4} />
        <Field.ErrorText>{detailsError}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
