// The affordability calculator on a listing's details page (issue 19): price,
// deposit, annual rate and term give the monthly payment, worked out in the
// browser by the shared exact function (common/mortgage.ts) as the buyer types;
// no rates are fetched from anywhere. Its own chunk, loaded after the page's
// first screen (PropertyDetailsPage.tsx).
import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { dollars, fromCents, toCents } from '@opennest/common/money';
import { middleOfRange, mortgagePayment, type MortgagePayment } from '@opennest/common/mortgage';
import { mortgageSchema } from '@opennest/common/validation/mortgage';
import { FormField } from '../ui/FormField';

interface CalculatorValues {
  price: string;
  deposit: string;
  annualRate: string;
  years: string;
}

/** An example rate and term to start from: the buyer types their lender's. */
const EXAMPLE_RATE = '5';
const EXAMPLE_YEARS = '25';

/** A 10 % deposit, to the dollar. */
const tenPercent = (price: string) => fromCents((toCents(price) / 1000n) * 100n);

/** The payment for valid values, or null while any is not. */
function paymentFor(values: CalculatorValues): MortgagePayment | null {
  if (!mortgageSchema.isValidSync(values)) return null;
  const valid = mortgageSchema.cast(values);
  return mortgagePayment({ price: valid.price, deposit: valid.deposit, annualRatePercent: valid.annualRate, years: Number(valid.years) });
}

export default function MortgageCalculator({ property }: { property: { priceMin: string; priceMax: string } }) {
  const price = middleOfRange(property.priceMin, property.priceMax);
  const form = useFormik<CalculatorValues>({
    initialValues: { price, deposit: tenPercent(price), annualRate: EXAMPLE_RATE, years: EXAMPLE_YEARS },
    validationSchema: mortgageSchema,
    // Nothing to send: the result follows the fields.
    onSubmit: () => undefined,
  });
  // The listing's price changed while the page is open (a price cut arrives live): fields the buyer has not typed in follow it.
  useEffect(() => {
    if (!form.touched.price) void form.setFieldValue('price', price);
    if (!form.touched.deposit) void form.setFieldValue('deposit', tenPercent(price));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the listing’s price changes
  }, [price]);
  const payment = useMemo(() => paymentFor(form.values), [form.values]);
  const touchOnChange = (event: ChangeEvent<HTMLInputElement>) => {
    form.handleChange(event);
    void form.setFieldTouched(event.target.name, true, false);
  };
  const field = { form, onChange: touchOnChange, inputMode: 'decimal' as const, autoComplete: 'off' };

  return (
    <Box as="section" aria-labelledby="calculator-heading" data-testid="mortgage-calculator" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.subtle">
      <Heading as="h2" id="calculator-heading" size="xl" mb="1">
        Mortgage calculator
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="5">
        An estimate of a repayment mortgage’s monthly payment. Use the rate your lender offers.
      </Text>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '5', md: '8' }} alignItems="start">
        <form noValidate onSubmit={form.handleSubmit} aria-label="Mortgage calculator">
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            <FormField {...field} name="price" label="Price ($)" helperText="The listing’s price, or the middle of its range." />
            <FormField {...field} name="deposit" label="Deposit ($)" helperText="What you pay up front." />
            <FormField {...field} name="annualRate" label="Interest rate (% a year)" helperText="For example 4.5." />
            <FormField {...field} name="years" label="Term (years)" inputMode="numeric" helperText="From 1 to 40." />
          </Grid>
        </form>
        <Box rounded="lg" bg="teal.50" borderWidth="1px" borderColor="teal.100" p="4" aria-live="polite" data-testid="mortgage-result">
          {payment ? (
            <Stack gap="2">
              <Text fontSize="sm" color="teal.800" fontWeight="medium">
                Monthly payment
              </Text>
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="teal.800" data-testid="mortgage-monthly">
                {dollars(payment.monthly)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                A loan of {dollars(payment.loan)} over {payment.months} months: {dollars(payment.totalRepaid)} repaid in all, {dollars(payment.totalInterest)} of it interest.
              </Text>
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Fill in every field to see the monthly payment.
            </Text>
          )}
        </Box>
      </Grid>
    </Box>
  );
}
