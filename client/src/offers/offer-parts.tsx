// Pieces the offer pages share: the buyer's (make offer, property bought,
// payment) and the agent's tables (requested and sold properties).
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuMoveHorizontal } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { OfferFieldsFragment, OfferStatus } from '../graphql/generated';

export const OFFER_STATUS_COLOUR: Record<OfferStatus, string> = { pending: 'orange', accepted: 'blue', rejected: 'red', bought: 'green' };

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge colorPalette={OFFER_STATUS_COLOUR[status]} textTransform="capitalize" data-testid="offer-status">
      {status}
    </Badge>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD, no time zone) in the viewer's locale: "21 Nov 2026". Read as UTC so it never shifts by a day. */
export function formatCalendarDate(value: unknown): string {
  const text = String(value ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return String(value ?? '');
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? text : dateFormat.format(date);
}

/** NOT_FOUND, or an id that is not an id at all (BAD_USER_INPUT): the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'NOT_FOUND' || e.extensions?.code === 'BAD_USER_INPUT');
}

/** Title (linking to the details) and location. */
export function OfferPropertyCell({ property }: { property: OfferFieldsFragment['property'] }) {
  return (
    <Stack gap="0.5">
      <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
        <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted" lineClamp={2}>
        {property.location}
      </Text>
    </Stack>
  );
}

export function OfferBuyerCell({ buyer }: { buyer: OfferFieldsFragment['buyer'] }) {
  return (
    <Stack gap="0.5">
      <Text>{buyer.name}</Text>
      <Link href={`mailto:${buyer.email}`} fontSize="xs" color="fg.muted" wordBreak="break-all">
        {buyer.email}
      </Link>
    </Stack>
  );
}

/** Below 1280 px the tables scroll sideways; say so, since the scrollbar is often hidden on touch screens. */
export function TableScrollHint() {
  return (
    <HStack hideFrom="xl" gap="1.5" fontSize="xs" color="fg.muted" aria-hidden>
      <LuMoveHorizontal />
      <Text>Scroll the table sideways to see every column.</Text>
    </HStack>
  );
}
