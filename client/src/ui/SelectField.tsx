import { Field, NativeSelect, type FieldRootProps, type NativeSelectFieldProps } from '@chakra-ui/react';
import './recipes/native-select';

interface SelectFieldProps extends Omit<NativeSelectFieldProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  width?: FieldRootProps['width'];
}

interface NativeSelectControlProps extends NativeSelectFieldProps {
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}

/** A native select with its options and its indicator (a form field or a list's control puts its label around it). */
export function NativeSelectControl({ options, disabled, ...fieldProps }: NativeSelectControlProps) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...fieldProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled native select (a list's sort or filter). */
export function SelectField({ label, value, options, onChange, width, ...fieldProps }: SelectFieldProps) {
  return (
    <Field.Root width={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelectControl options={options} value={value} onChange={(event) => onChange(event.currentTarget.value)} {...fieldProps} />
    </Field.Root>
  );
}
