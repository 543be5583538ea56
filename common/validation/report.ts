// Reporting a listing (issue 11), shared by the report dialog and the reports service.
import { mixed, object, string } from 'yup';
import { labelsOf } from '../labels';

export const REPORT_REASONS = ['fraud', 'wrong_price', 'wrong_photos', 'already_sold', 'other'] as const;
export type ReportReasonValue = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS = labelsOf(REPORT_REASONS, { fraud: 'Looks like fraud' });
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const MODERATION_NOTE_MAX_LENGTH = 1000;

export const reportSchema = object({
  reason: mixed<ReportReasonValue>().oneOf([...REPORT_REASONS], 'Choose a reason').required('Choose a reason'),
  details: string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`)
    .when('reason', { is: 'other', then: (schema) => schema.required('Tell us what is wrong'), otherwise: (schema) => schema.optional() }),
});

export const moderationNoteSchema = object({
  note: string().trim().required('A note is required').max(MODERATION_NOTE_MAX_LENGTH, `The note must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`),
});
