// The verified record of a sale (issue 23), on a sold listing's details page:
// from its offers and its payment confirmed by the card provider, nothing
// self-reported. The listing's agent may withhold the sold amount of this sale.
import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { dollars } from '@opennest/common/money';
import { LuBadgeCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { plural } from '../ui/plural';
import { toaster } from '../ui/toaster';
import { SaleRecordDocument, useSaleRecordQuery, useWithholdSaleAmountMutation, type SaleRecordFieldsFragment } from './insight.generated';
import { HOW_NUMBERS_ARE_MADE } from './ReplyTime';

export function SaleRecordPanel({ propertyId, agentId }: { propertyId: string; agentId: string }) {
  const record = useSaleRecordQuery({ variables: { propertyId } });
  const sale = record.data?.saleRecord;
  // Not sold through OpenNest with a confirmed payment (or not loaded yet, or failed): nothing to show.
  if (!sale) return null;
  return <SaleRecordView sale={sale} agentId={agentId} />;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function SaleRecordView({ sale, agentId }: { sale: SaleRecordFieldsFragment; agentId: string }) {
  const { viewer } = useAuth();
  // The record has no id of its own: the answer replaces the page's query.
  const [withhold, { loading }] = useWithholdSaleAmountMutation({
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: SaleRecordDocument, variables: { propertyId: sale.propertyId }, data: { saleRecord: data.withholdSaleAmount } });
    },
  });
  const isSellersAgent = viewer?.id === agentId;
  const toggle = async () => {
    try {
      await withhold({ variables: { propertyId: sale.propertyId, withheld: !sale.amountWithheld } });
      toaster.create({ type: 'success', title: sale.amountWithheld ? 'The sold amount is shown again' : 'The sold amount is withheld' });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Nothing was changed', description: errorMessage(error, 'Please try again.') });
    }
  };
  return (
    <Box as="section" aria-labelledby="sale-record-heading" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} data-testid="sale-record">
      <Heading as="h2" id="sale-record-heading" size="lg" mb="1" display="flex" gap="2" alignItems="center">
        <LuBadgeCheck aria-hidden /> Verified record of this sale
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="4">
        From the offers made through OpenNest and the payment confirmed by the card provider.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Figure label="From listing to accepted offer" value={plural(sale.daysToAcceptedOffer, 'day')} testId="sale-days" />
        <Figure label="Offers made" value={String(sale.offers)} testId="sale-offers" />
        <Figure
          label="Sold for"
          value={sale.soldAmount === null ? 'Withheld by the agent' : `${dollars(sale.soldAmount)} (${sale.percentOfAskingMidpoint}% of the asking range’s midpoint)`}
          testId="sale-amount"
        />
      </SimpleGrid>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="4" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
        <Link asChild color="teal.700" fontSize="sm">
          <RouterLink to={HOW_NUMBERS_ARE_MADE}>How these numbers are made</RouterLink>
        </Link>
        {isSellersAgent && (
          <Button size="sm" variant="outline" colorPalette="teal" loading={loading} onClick={toggle}>
            {sale.amountWithheld ? 'Show the sold amount' : 'Withhold the sold amount'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
