// Words for saved searches, shared by the pages and the (lazily loaded) dialog.
import type { AlertFrequency } from './saved-searches.generated';

export const FREQUENCY_LABEL: Record<AlertFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off (no alerts)',
};

/** What a saved search finds, in words. */
export function describeSearch(search: string, sortLabel: string, narrowed = '') {
  return `${search ? `Listings in “${search}”` : 'Listings anywhere'}${narrowed ? `, ${narrowed}` : ''}, ${sortLabel.toLowerCase()}.`;
}
