import { Text } from '@chakra-ui/react';
import type { ShownCountFieldsFragment } from './insight.generated';

/** A count as the server gives it: below 3 it sends no number, only "fewer than 3". */
export const shownCountText = (shown: ShownCountFieldsFragment) => (shown.count === null ? `fewer than ${shown.fewerThan ?? 3}` : String(shown.count));

export function ShownCount({ shown, testId }: { shown: ShownCountFieldsFragment; testId?: string }) {
  return (
    <Text as="span" fontWeight="semibold" color={shown.count === null ? 'fg.muted' : undefined} data-testid={testId}>
      {shownCountText(shown)}
    </Text>
  );
}
