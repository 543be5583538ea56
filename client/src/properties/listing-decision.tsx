// An admin's decision on a pending listing, Verify or Reject, wherever the
// admin meets it (Manage Properties, the listing's own details page): neither
// can be undone, so each asks first, then says how it went.
import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { LuCheck, LuX } from 'react-icons/lu';
import { useState, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../app/errors';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { useRejectPropertyMutation, useVerifyPropertyMutation } from './properties.generated';
import { evictVerifiedProperties } from './properties.cache';

export type Decision = 'verify' | 'reject';

/** What a decision needs to know of the listing. */
export interface DecidedListing {
  id: string;
  title: string;
  agent: { name: string };
}

interface PendingDecision {
  property: DecidedListing;
  decision: Decision;
}

export interface ListingDecision {
  /** The decision running on each listing, by id. */
  busy: Record<string, Decision>;
  /** Opens the confirmation for `decision` on `property`. */
  ask(property: DecidedListing, decision: Decision): void;
  /** The confirmation dialog: render it once. */
  dialog: ReactNode;
}

/** After a decision the buttons that asked are gone: focus goes to `focusAfter` (the page's heading). */
export function useListingDecision(focusAfter: RefObject<HTMLElement | null>): ListingDecision {
  const [busy, setBusy] = useState<Record<string, Decision>>({});
  // The answers carry id and status, so every list and page holding the listing updates from the cache.
  const [verifyProperty] = useVerifyPropertyMutation();
  const [rejectProperty] = useRejectPropertyMutation();

  const decide = async ({ property: { id, title }, decision }: PendingDecision): Promise<boolean> => {
    setBusy((current) => ({ ...current, [id]: decision }));
    try {
      // A newly verified listing belongs in the buyers' list: load that afresh.
      const options = { variables: { id }, update: evictVerifiedProperties };
      if (decision === 'verify') await verifyProperty(options);
      else await rejectProperty(options);
      toaster.create({
        type: 'success',
        title: decision === 'verify' ? `"${title}" verified` : `"${title}" rejected`,
        description: decision === 'verify' ? 'Buyers can now find it on All Properties.' : 'It stays off All Properties, and its agent can no longer edit it.',
      });
      return true;
    } catch (decisionError) {
      // Spec: status update errors are only logged; a toast tells the admin too.
      toaster.create({ type: 'error', title: `Could not ${decision} "${title}"`, description: errorMessage(decisionError, 'Something went wrong') });
      return false;
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };
  const confirmation = useConfirmAction(decide, focusAfter);
  const asked = confirmation.item;

  const dialog = (
    <ConfirmDialog
      {...confirmation.dialog}
      testId="confirm-property-decision"
      {...(asked?.decision === 'verify'
        ? { title: `Verify "${asked.property.title}"?`, confirmLabel: 'Verify', busyLabel: 'Verifying...', tone: 'positive' as const }
        : { title: `Reject "${asked?.property.title}"?`, confirmLabel: 'Reject', busyLabel: 'Rejecting...' })}
    >
      <Text>
        {asked?.decision === 'verify'
          ? `It goes live on All Properties for every buyer. A verified listing cannot be set back to pending.`
          : `It stays off All Properties and ${asked?.property.agent.name} can no longer edit it. This cannot be undone.`}
      </Text>
    </ConfirmDialog>
  );

  return { busy, ask: (property, decision) => confirmation.ask({ property, decision }), dialog };
}

/**
 * On a pending listing's details page, for an admin: the same decision, where
 * the admin can see the whole listing (photos, facts, description) first.
 */
export function ListingDecisionPanel({ property, focusAfter }: { property: DecidedListing; focusAfter: RefObject<HTMLElement | null> }) {
  const { busy, ask, dialog } = useListingDecision(focusAfter);
  const running = busy[property.id];
  return (
    <Card.Root variant="outline" size="sm" bg="orange.50" borderColor="orange.200" data-testid="listing-decision">
      <Card.Body gap="3">
        <Text fontWeight="semibold">This listing waits for verification.</Text>
        <Text fontSize="sm">Buyers see it once you verify it. Check its photos, facts and description first.</Text>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="green" size="sm" loading={running === 'verify'} disabled={Boolean(running)} onClick={() => ask(property, 'verify')} aria-label={`Verify ${property.title}`}>
            <LuCheck aria-hidden /> Verify
          </Button>
          <Button colorPalette="red" variant="outline" size="sm" loading={running === 'reject'} disabled={Boolean(running)} onClick={() => ask(property, 'reject')} aria-label={`Reject ${property.title}`}>
            <LuX aria-hidden /> Reject
          </Button>
        </HStack>
      </Card.Body>
      {dialog}
    </Card.Root>
  );
}
