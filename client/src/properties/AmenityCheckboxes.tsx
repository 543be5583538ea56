// The amenities of common/amenities.ts as checkboxes: the listing form's field
// and the All Properties filter share it (one list, one look).
import { Checkbox, CheckboxGroup, Fieldset, SimpleGrid } from '@chakra-ui/react';
import '../ui/recipes/checkbox';
import '../ui/recipes/fieldset';
import { AMENITIES, AMENITY_LABELS, type AmenityValue } from '@opennest/common/amenities';

interface AmenityCheckboxesProps {
  legend: string;
  value: readonly AmenityValue[];
  onChange: (amenities: AmenityValue[]) => void;
  /** data-testid of each box: `${testIdPrefix}-${amenity}`. */
  testIdPrefix: string;
  disabled?: boolean;
  helperText?: string;
}

export function AmenityCheckboxes({ legend, value, onChange, testIdPrefix, disabled, helperText }: AmenityCheckboxesProps) {
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      {helperText && <Fieldset.HelperText>{helperText}</Fieldset.HelperText>}
      <CheckboxGroup value={[...value]} onValueChange={(chosen) => onChange(AMENITIES.filter((amenity) => chosen.includes(amenity)))} disabled={disabled}>
        <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="3">
          {AMENITIES.map((amenity) => (
            <Checkbox.Root key={amenity} value={amenity} data-testid={`${testIdPrefix}-${amenity}`}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{AMENITY_LABELS[amenity]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </CheckboxGroup>
    </Fieldset.Root>
  );
}
