// What the viewing pages share: times in the listing's time zone (written from the
// wall clock the API sends: common/local-time.ts), the status
// badge, the calendar invite download and the reason dialog (decline, cancel).
import { Badge, Button, Field, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { LuCalendarPlus } from 'react-icons/lu';
import { REASON_MAX_LENGTH, viewingReasonSchema } from '@opennest/common/validation/viewing';
import { errorMessage } from '../app/errors';
import { formatWallClock, formatWallDateTime, isRuntimeWallClock } from '@opennest/common/local-time';
import { zonePlace } from '@opennest/common/zoned-time';
import { FormDialog } from '../ui/FormDialog';
import { toaster } from '../ui/toaster';
import type { ViewingFieldsFragment, ViewingStatus } from './viewings.generated';

/** "Sat, 30 May 2026, 10:30–11:00": a viewing's or an open house's time on the listing's clock. */
export const localRange = ({ localStart, localEnd }: { localStart: string; localEnd: string }) => `${formatWallDateTime(localStart)}–${formatWallClock(localEnd)}`;

/** A viewing's time in words: its local date and time, and the zone when it is not the browser's. */
export function viewingWhen(viewing: Pick<ViewingFieldsFragment, 'startsAt' | 'localStart' | 'localEnd' | 'timeZone'>) {
  const own = isRuntimeWallClock(viewing.startsAt, viewing.localStart);
  return `${localRange(viewing)}${own ? '' : ` (${zonePlace(viewing.timeZone)} time)`}`;
}

const STATUS: Record<ViewingStatus, { label: string; palette: string }> = {
  requested: { label: 'Requested', palette: 'orange' },
  proposed: { label: 'New time proposed', palette: 'purple' },
  confirmed: { label: 'Confirmed', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

export function ViewingStatusBadge({ viewing }: { viewing: Pick<ViewingFieldsFragment, 'status' | 'held'> }) {
  const { label, palette } = viewing.held ? { label: 'Held', palette: 'teal' } : STATUS[viewing.status];
  return (
    <Badge colorPalette={palette} alignSelf="start" data-testid="viewing-status" data-status={viewing.held ? 'held' : viewing.status}>
      {label}
    </Badge>
  );
}

/** Who ended it and why, as the other side reads it. */
export function EndedNote({ viewing }: { viewing: Pick<ViewingFieldsFragment, 'status' | 'reason' | 'endedBy'> }) {
  if (!viewing.reason || (viewing.status !== 'declined' && viewing.status !== 'cancelled')) return null;
  const by = viewing.endedBy === 'listing' ? 'Cancelled' : `${viewing.status === 'declined' ? 'Declined' : 'Cancelled'} by the ${viewing.endedBy}`;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="viewing-reason">
      {by}: {viewing.reason}
    </Text>
  );
}

/** "Add to calendar": the viewing's invite as an .ics file (the same the e-mails carry). */
export function CalendarInviteButton({ invite, title }: { invite: string; title: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([invite], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'viewing.ics';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Button size="sm" variant="outline" colorPalette="teal" onClick={download} aria-label={`Add to calendar: the viewing of ${title}`} data-testid="viewing-invite">
      <LuCalendarPlus aria-hidden /> Add to calendar
    </Button>
  );
}

interface ReasonDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the reason; a refusal keeps the dialog open with what was typed. */
  onSubmit(reason: string): Promise<unknown>;
  onClose(): void;
}

/** Asks why (declining or cancelling a viewing); the other side reads it. */
export function ReasonDialog({ open, title, submitLabel, busyLabel, onSubmit, onClose }: ReasonDialogProps) {
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: viewingReasonSchema,
    onSubmit: async ({ reason }, helpers) => {
      try {
        await onSubmit(reason.trim());
        helpers.resetForm();
        onClose();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Nothing was changed', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  const invalid = Boolean(form.touched.reason && form.errors.reason);
  // One dialog serves every viewing: a reason left unsent is not offered for the next one.
  const dismiss = () => {
    form.resetForm();
    onClose();
  };
  return (
    <FormDialog open={open} title={title} submitting={form.isSubmitting} submitLabel={submitLabel} busyLabel={busyLabel} palette="red" onSubmit={form.handleSubmit} onClose={dismiss}>
      <Field.Root invalid={invalid}>
        <Field.Label>Reason</Field.Label>
        <Textarea name="reason" value={form.values.reason} onChange={form.handleChange} onBlur={form.handleBlur} maxLength={REASON_MAX_LENGTH} rows={3} placeholder="The other side reads this" />
        <Field.ErrorText>{form.errors.reason}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
