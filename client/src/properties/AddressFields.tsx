// The listing form's structured address (issue 19): street, area and city (with
// place autocomplete: picking an area fills its city and country), postcode,
// country (ISO 3166-1 codes from common/, named in the browser's language) and
// optional coordinates. The rules are the shared ones (common/validation/address.ts).
import { Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import '../ui/recipes/fieldset';
import { type FormikProps } from 'formik';
import { useMemo } from 'react';
import { addressLine } from '@opennest/common/address';
import { COUNTRY_CODES } from '@opennest/common/countries';
import { FormField } from '../ui/FormField';
import { PlaceCombobox, type PlaceSuggestion } from './PlaceCombobox';
import { FormSelect, type PropertyFormValues } from './property-form';

const countryOptions = () => {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  // One collator for the whole sort: localeCompare would consult ICU's for each of about 1,400 comparisons.
  const byName = new Intl.Collator('en');
  return [{ value: '', label: 'Choose a country' }, ...options.sort((a, b) => byName.compare(a.label, b.label))];
};

export function AddressFields({ form, disabled }: { form: FormikProps<PropertyFormValues>; disabled?: boolean }) {
  const countries = useMemo(countryOptions, []);
  const fill = (place: PlaceSuggestion, field: 'area' | 'city') => {
    void form.setFieldValue(field, place.name);
    if (field === 'area' && place.within) void form.setFieldValue('city', place.within);
    if (place.countryCode) void form.setFieldValue('countryCode', place.countryCode);
  };
  const combobox = (field: 'area' | 'city', placeholder: string) => (
    <PlaceCombobox
      name={field}
      value={form.values[field]}
      onValueChange={(text) => void form.setFieldValue(field, text)}
      onPick={(place) => fill(place, field)}
      onBlur={form.handleBlur}
      kinds={[field]}
      listLabel={field === 'area' ? 'Areas' : 'Cities'}
      placeholder={placeholder}
      disabled={disabled}
      data-testid={`address-${field}`}
    />
  );
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontWeight="semibold">Address</Fieldset.Legend>
      <Fieldset.HelperText>Buyers find the listing by its area, city and postcode. The location line is made from these.</Fieldset.HelperText>
      <Fieldset.Content gap="5">
        <FormField form={form} name="streetLine" label="Street address" placeholder="e.g. House 12, Road 5" autoComplete="address-line1" disabled={disabled} data-testid="address-street" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField form={form} name="area" label="Area or neighbourhood (optional)">
            {combobox('area', 'e.g. Gulshan')}
          </FormField>
          <FormField form={form} name="city" label="City">
            {combobox('city', 'e.g. Dhaka')}
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField form={form} name="postcode" label="Postcode" placeholder="e.g. 1212" autoComplete="postal-code" disabled={disabled} data-testid="address-postcode" />
          <FormSelect form={form} name="countryCode" label="Country" options={countries} disabled={disabled} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField form={form} name="latitude" label="Latitude (optional)" inputMode="decimal" autoComplete="off" placeholder="-90 to 90" disabled={disabled} />
          <FormField form={form} name="longitude" label="Longitude (optional)" inputMode="decimal" autoComplete="off" placeholder="-180 to 180" disabled={disabled} />
        </SimpleGrid>
        {form.values.streetLine && form.values.city && (
          <Text fontSize="sm" color="fg.muted" data-testid="address-line">
            Shown as: {addressLine(form.values)}
          </Text>
        )}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
