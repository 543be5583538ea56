// All Properties filters (issue 11), loaded when Filters is first opened. The
// values are checked with the same schema the server uses before they go into
// the URL, so a wrong range is explained here instead of failing the list.
import { Box, Button, Checkbox, CheckboxGroup, Field, Fieldset, Flex, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import '../ui/recipes/checkbox';
import '../ui/recipes/fieldset';
import { useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { AREA_UNIT_LABELS, AREA_UNITS, DEFAULT_AREA_UNIT, MIN_ROOM_CHOICES, PROPERTY_TYPE_LABELS, PROPERTY_TYPES, type AreaUnitValue, type PropertyTypeValue } from '@opennest/common/property-facts';
import { propertyFilterSchema } from '@opennest/common/validation/property-filter';
import type { PropertyFilter } from './properties.generated';
import { SelectField } from '../ui/SelectField';
import type { AmenityValue } from '@opennest/common/amenities';
import { AmenityCheckboxes } from './AmenityCheckboxes';

interface Draft {
  priceMin: string;
  priceMax: string;
  types: PropertyTypeValue[];
  minBedrooms: string;
  minBathrooms: string;
  areaMin: string;
  areaMax: string;
  areaUnit: AreaUnitValue;
  includeSold: boolean;
  openHouseSoon: boolean;
  amenities: AmenityValue[];
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const ROOM_OPTIONS = [{ value: '', label: 'Any' }, ...MIN_ROOM_CHOICES.map((n) => ({ value: String(n), label: `${n}+` }))];
const UNIT_OPTIONS = AREA_UNITS.map((unit) => ({ value: unit, label: AREA_UNIT_LABELS[unit] }));

export default function PropertyFiltersPanel({ filter, onApply }: { filter: PropertyFilter; onApply: (filter: PropertyFilter) => void }) {
  const [draft, setDraft] = useState<Draft>({
    priceMin: text(filter.priceMin),
    priceMax: text(filter.priceMax),
    types: (filter.types ?? []) as PropertyTypeValue[],
    minBedrooms: text(filter.minBedrooms),
    minBathrooms: text(filter.minBathrooms),
    areaMin: text(filter.areaMin),
    areaMax: text(filter.areaMax),
    areaUnit: filter.areaUnit ?? DEFAULT_AREA_UNIT,
    includeSold: Boolean(filter.includeSold),
    openHouseSoon: Boolean(filter.openHouseSoon),
    amenities: [...(filter.amenities ?? [])],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    try {
      const valid = propertyFilterSchema.validateSync(draft, { abortEarly: false, stripUnknown: true });
      setErrors({});
      onApply({
        priceMin: valid.priceMin,
        priceMax: valid.priceMax,
        types: valid.types?.length ? valid.types : undefined,
        minBedrooms: valid.minBedrooms,
        minBathrooms: valid.minBathrooms,
        areaMin: valid.areaMin,
        areaMax: valid.areaMax,
        areaUnit: valid.areaMin !== undefined || valid.areaMax !== undefined ? valid.areaUnit : undefined,
        includeSold: valid.includeSold || undefined,
        openHouseSoon: valid.openHouseSoon || undefined,
        amenities: valid.amenities?.length ? valid.amenities : undefined,
        // The keywords have their own box on the page, which keeps them.
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setErrors(Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message])));
    }
  };

  const numberField = (key: 'priceMin' | 'priceMax' | 'areaMin' | 'areaMax', label: string, placeholder: string) => (
    <Field.Root invalid={Boolean(errors[key])}>
      <Field.Label>{label}</Field.Label>
      <Input inputMode="decimal" name={key} value={draft[key]} placeholder={placeholder} onChange={(event) => set(key, event.target.value)} data-testid={`filter-${key}`} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={apply} aria-label="Filter properties" noValidate>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        {numberField('priceMin', 'Lowest price ($)', 'Any')}
        {numberField('priceMax', 'Highest price ($)', 'Any')}
        <SelectField label="Bedrooms" name="minBedrooms" value={draft.minBedrooms} options={ROOM_OPTIONS} onChange={(value) => set('minBedrooms', value)} data-testid="filter-minBedrooms" />
        <SelectField label="Bathrooms" name="minBathrooms" value={draft.minBathrooms} options={ROOM_OPTIONS} onChange={(value) => set('minBathrooms', value)} data-testid="filter-minBathrooms" />
        {numberField('areaMin', 'Smallest area', 'Any')}
        {numberField('areaMax', 'Largest area', 'Any')}
        <SelectField label="Area unit" name="areaUnit" value={draft.areaUnit} options={UNIT_OPTIONS} onChange={(value) => set('areaUnit', value as AreaUnitValue)} data-testid="filter-areaUnit" />
      </SimpleGrid>
      <Fieldset.Root mt="4">
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Property type
        </Fieldset.Legend>
        <CheckboxGroup value={draft.types} onValueChange={(types) => set('types', types as PropertyTypeValue[])}>
          <HStack wrap="wrap" gap="4">
            {PROPERTY_TYPES.map((type) => (
              <Checkbox.Root key={type} value={type} data-testid={`filter-type-${type}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{PROPERTY_TYPE_LABELS[type]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </CheckboxGroup>
      </Fieldset.Root>
      <Box mt="4">
        <AmenityCheckboxes legend="Amenities (has all of them)" value={draft.amenities} onChange={(amenities) => set('amenities', amenities)} testIdPrefix="filter-amenity" />
      </Box>
      <Flex mt="4" gap="4" align="center" wrap="wrap" justify="space-between">
        <HStack gap="6" wrap="wrap">
          <Checkbox.Root checked={draft.includeSold} onCheckedChange={(state) => set('includeSold', state.checked === true)} data-testid="filter-includeSold">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Show sold properties</Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root checked={draft.openHouseSoon} onCheckedChange={(state) => set('openHouseSoon', state.checked === true)} data-testid="filter-openHouseSoon">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Open house in the next 7 days</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
        <HStack gap="3">
          <Button variant="ghost" onClick={() => onApply({})} data-testid="filters-clear">
            Clear filters
          </Button>
          <Button type="submit" colorPalette="teal" data-testid="filters-apply">
            Apply filters
          </Button>
        </HStack>
      </Flex>
      {Object.keys(errors).length > 0 && (
        <Text role="alert" color="fg.error" fontSize="sm" mt="2">
          Please correct the highlighted filters.
        </Text>
      )}
    </form>
  );
}
