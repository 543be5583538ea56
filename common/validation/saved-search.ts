import { mixed, object, string } from 'yup';

export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** The All Properties page refuses longer location searches. */
export const SAVED_SEARCH_TERM_MAX_LENGTH = 100;
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertFrequencyValue = (typeof ALERT_FREQUENCIES)[number];

/** "Save this search" and editing a saved search: a name and how often to be told of new matches. */
export const savedSearchSchema = object({
  name: string().trim().required('Name is required').max(SAVED_SEARCH_NAME_MAX_LENGTH, `Name must be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters`),
  frequency: mixed<AlertFrequencyValue>().oneOf([...ALERT_FREQUENCIES], 'Choose how often to be alerted').required('Choose how often to be alerted'),
});
