import { Field, NativeSelect, type FieldRootProps, type NativeSelectFieldProps } from '@chakra-ui/react';
import './recipes/native-select';

interface SelectFieldProps extends Omit<NativeSelectFieldProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  width?: FieldRootProps['width'];
}

/** A labelled native select (a list's sort or filter). */
export function SelectField({ label, value, options, onChange, width, ...fieldProps }: SelectFieldProps) {
  return (
    <Field.Root width={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} {...fieldProps}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
