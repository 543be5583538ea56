// Pieces the offer pages share: the buyer's (make offer, property bought,
// payment) and the agent's tables (requested and sold properties).
import { dollars } from '@opennest/common/money';
import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { OfferFieldsFragment, OfferStatus } from './offers.generated';
import { EmailAddress } from '../ui/EmailAddress';

export const OFFER_STATUS_COLOUR: Record<OfferStatus, string> = { pending: 'orange', accepted: 'blue', rejected: 'red', bought: 'green' };

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge colorPalette={OFFER_STATUS_COLOUR[status]} textTransform="capitalize" data-testid="offer-status">
      {status}
    </Badge>
  );
}


/**
 * The first cells of a row in the agent's offer tables: the property (title
 * linking to its details, and location), the buyer, and the offered amount.
 */
export function OfferRowCells({ offer, amountTestId }: { offer: OfferFieldsFragment; amountTestId: string }) {
  const { property, buyer } = offer;
  return (
    <>
      <Table.Cell maxW="64">
        <Stack gap="0.5">
          <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
            <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
          </Link>
          <Text fontSize="xs" color="fg.muted" lineClamp={2}>
            {property.location}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell maxW="56">
        <Stack gap="0.5">
          <Text>{buyer.name}</Text>
          <Link href={`mailto:${buyer.email}`} fontSize="xs" color="fg.muted" overflowWrap="anywhere">
            <EmailAddress email={buyer.email} />
          </Link>
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" fontWeight="medium" data-testid={amountTestId}>
        {dollars(offer.offerAmount)}
      </Table.Cell>
    </>
  );
}
