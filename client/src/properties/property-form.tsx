// The add and update property forms share their fields, schemas and submit
// plumbing (spec sections 2 and 5). Photos upload as soon as they are chosen
// (PhotosField); the submit waits for them and sends their URLs in order.
import { Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { NativeSelectControl } from '../ui/SelectField';
import { type FormikProps } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { mixed, string, type AnyObjectSchema } from 'yup';
import { DESCRIPTION_MAX_LENGTH, addPropertySchema, updatePropertySchema } from '@opennest/common/validation/property';
import { AREA_UNIT_LABELS, AREA_UNITS, DEFAULT_AREA_UNIT, PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '@opennest/common/property-facts';
import { amenitiesField, propertyFactsFields } from '@opennest/common/validation/property-facts';
import type { AmenityValue } from '@opennest/common/amenities';
import type { AreaUnit, PropertyType } from './properties.generated';
import { AmenityCheckboxes } from './AmenityCheckboxes';
import { FormField } from '../ui/FormField';
import { addressLine } from '@opennest/common/address';
import { addressFields } from '@opennest/common/validation/address';
import { AddressFields } from './AddressFields';
import { useServerAwareValidation } from '../ui/form-validation';

export interface PropertyFormValues {
  title: string;
  /** The structured address (issue 19); the location line is made from it. */
  streetLine: string;
  area: string;
  city: string;
  postcode: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  /** 'chosen' while the photo list has a photo, '' otherwise (the photos themselves live in usePhotoList). */
  image: string;
  priceMin: string;
  priceMax: string;
  description: string;
  /** Facts, as typed ('' for none). */
  propertyType: string;
  bedrooms: string;
  bathrooms: string;
  floorArea: string;
  areaUnit: string;
  yearBuilt: string;
  /** Amenities, checked boxes in the list's order. */
  amenities: AmenityValue[];
}

/** A listing's facts as the form holds them. */
export const factsFormValues = (property?: { propertyType?: string | null; bedrooms?: number | null; bathrooms?: number | null; floorArea?: number | null; areaUnit?: string | null; yearBuilt?: number | null; amenities?: readonly AmenityValue[] }) => ({
  propertyType: property?.propertyType ?? '',
  bedrooms: property?.bedrooms?.toString() ?? '',
  bathrooms: property?.bathrooms?.toString() ?? '',
  floorArea: property?.floorArea?.toString() ?? '',
  areaUnit: property?.areaUnit ?? DEFAULT_AREA_UNIT,
  yearBuilt: property?.yearBuilt?.toString() ?? '',
  amenities: [...(property?.amenities ?? [])],
});

/** A listing's address as the form holds it ('' for a part not filled in yet). */
export const addressFormValues = (property?: { streetLine?: string | null; area?: string | null; city?: string | null; postcode?: string | null; countryCode?: string | null; latitude?: number | null; longitude?: number | null }) => ({
  streetLine: property?.streetLine ?? '',
  area: property?.area ?? '',
  city: property?.city ?? '',
  postcode: property?.postcode ?? '',
  countryCode: property?.countryCode ?? '',
  latitude: property?.latitude?.toString() ?? '',
  longitude: property?.longitude?.toString() ?? '',
});

/** What the form adds to the shared rules; the photos are checked by the photo list, which sets image while it has one. */
const formOnlyFields = {
  ...propertyFactsFields,
  ...addressFields,
  // Made from the address on submit.
  location: mixed().strip(),
  amenities: amenitiesField,
  image: string().required('Property image is required'),
  photos: mixed().strip(),
};

/** The shared add rules, with the form's. */
export const addPropertyFormSchema = addPropertySchema.shape(formOnlyFields);

/** The shared update rules, with the form's: a listing keeps at least one photo. */
export const updatePropertyFormSchema = updatePropertySchema.shape(formOnlyFields);

/** What the API receives: trimmed text, prices as the decimal text the user typed. */
export function propertyInput(values: PropertyFormValues) {
  const coordinate = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const address = {
    streetLine: values.streetLine.trim(),
    area: values.area.trim() || null,
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    countryCode: values.countryCode,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
  return {
    title: values.title.trim(),
    location: addressLine(address),
    address,
    description: values.description.trim(),
    priceMin: values.priceMin.trim(),
    priceMax: values.priceMax.trim(),
    ...factsInput(values),
  };
}

/** The facts for the API: null for what is empty, so clearing a fact clears it; the area's unit only with an area. */
function factsInput(values: PropertyFormValues) {
  const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const floorArea = whole(values.floorArea);
  return {
    propertyType: (values.propertyType || null) as PropertyType | null,
    bedrooms: whole(values.bedrooms),
    bathrooms: whole(values.bathrooms),
    floorArea,
    areaUnit: floorArea === null ? null : ((values.areaUnit || null) as AreaUnit | null),
    yearBuilt: whole(values.yearBuilt),
    amenities: values.amenities,
  };
}

const FIELD_NAMES: Array<keyof PropertyFormValues> = ['title', 'streetLine', 'area', 'city', 'postcode', 'countryCode', 'latitude', 'longitude', 'image', 'priceMin', 'priceMax', 'description', 'propertyType', 'bedrooms', 'bathrooms', 'floorArea', 'areaUnit', 'yearBuilt', 'amenities'];

/** The shared schema plus the server's per-field messages, for the property fields. */
export const usePropertyValidation = (schema: AnyObjectSchema) => useServerAwareValidation<PropertyFormValues>(schema, FIELD_NAMES);

/**
 * The form's fields, none editable while `locked`: a listing the agent may not
 * change, and any form while it is being saved (the values and photos are taken
 * when it is sent, so an edit made while photos still upload would be lost).
 */
export function LockedFieldset({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}

interface PropertyFieldsProps {
  form: FormikProps<PropertyFormValues>;
  agent: { name: string; email: string };
  /** The image field (differs between add and update). */
  imageField: ReactNode;
  disabled?: boolean;
}

/** Title, location, image, the read-only agent, prices and description. */
export function PropertyFields({ form, agent, imageField, disabled }: PropertyFieldsProps) {
  const descriptionError = form.touched.description ? form.errors.description : undefined;
  return (
    <Stack gap="5">
      <FormField form={form} name="title" label="Property title" placeholder="e.g. Sunny two-bedroom flat" disabled={disabled} />
      <AddressFields form={form} disabled={disabled} />
      {imageField}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Field.Root readOnly>
          <Field.Label>Agent name</Field.Label>
          <Input value={agent.name} readOnly disabled={disabled} bg="bg.muted" />
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Agent email</Field.Label>
          <Input value={agent.email} readOnly disabled={disabled} bg="bg.muted" type="email" />
        </Field.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField form={form} name="priceMin" label="Minimum price ($)" inputMode="decimal" autoComplete="off" placeholder="e.g. 120000" disabled={disabled} />
        <FormField form={form} name="priceMax" label="Maximum price ($)" inputMode="decimal" autoComplete="off" placeholder="e.g. 150000" disabled={disabled} />
      </SimpleGrid>
      <FactsFields form={form} disabled={disabled} />
      <AmenityCheckboxes
        legend="Amenities"
        helperText="Buyers can filter by these and search their words."
        value={form.values.amenities}
        onChange={(amenities) => void form.setFieldValue('amenities', amenities)}
        testIdPrefix="amenity"
        disabled={disabled}
      />
      <Field.Root invalid={Boolean(descriptionError)}>
        <Field.Label>
          Description <Field.RequiredIndicator fallback={<Text as="span" color="fg.muted" fontWeight="normal">(optional)</Text>} />
        </Field.Label>
        <Textarea
          name="description"
          value={form.values.description}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          disabled={disabled}
          rows={5}
          maxLength={DESCRIPTION_MAX_LENGTH}
          placeholder="Rooms, surroundings, anything a buyer should know"
          autoresize
        />
        <Field.ErrorText>{descriptionError}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}

const TYPE_OPTIONS = [{ value: '', label: 'Not set' }, ...PROPERTY_TYPES.map((type) => ({ value: type, label: PROPERTY_TYPE_LABELS[type] }))];
const UNIT_OPTIONS = AREA_UNITS.map((unit) => ({ value: unit, label: AREA_UNIT_LABELS[unit] }));

/** A native select bound to a Formik field, with its message once touched. */
export function FormSelect({ form, name, label, options, disabled }: { form: FormikProps<PropertyFormValues>; name: keyof PropertyFormValues & string; label: string; options: Array<{ value: string; label: string }>; disabled?: boolean }) {
  return (
    <FormField form={form} name={name} label={label}>
      <NativeSelectControl disabled={disabled} options={options} name={name} value={form.values[name] as string} onChange={form.handleChange} onBlur={form.handleBlur} data-testid={`fact-${name}`} />
    </FormField>
  );
}

/** Type, bedrooms, bathrooms, floor area and its unit, year built (which are needed depends on the type). */
function FactsFields({ form, disabled }: { form: FormikProps<PropertyFormValues>; disabled?: boolean }) {
  const land = form.values.propertyType === 'land';
  const { setFieldValue } = form;
  // Land has no rooms or year built: what was typed for another type goes when land is chosen.
  useEffect(() => {
    if (!land) return;
    for (const name of ['bedrooms', 'bathrooms', 'yearBuilt']) void setFieldValue(name, '', false);
  }, [land, setFieldValue]);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" data-testid="facts-fields">
      <FormSelect form={form} name="propertyType" label="Property type" options={TYPE_OPTIONS} disabled={disabled} />
      {!land && <FormField form={form} name="bedrooms" label="Bedrooms" inputMode="numeric" autoComplete="off" disabled={disabled} />}
      {!land && <FormField form={form} name="bathrooms" label="Bathrooms" inputMode="numeric" autoComplete="off" disabled={disabled} />}
      <FormField form={form} name="floorArea" label="Floor area" inputMode="numeric" autoComplete="off" disabled={disabled} />
      <FormSelect form={form} name="areaUnit" label="Area unit" options={UNIT_OPTIONS} disabled={disabled} />
      {!land && <FormField form={form} name="yearBuilt" label="Year built (optional)" inputMode="numeric" autoComplete="off" disabled={disabled} />}
    </SimpleGrid>
  );
}

/**
 * Keeps the form's image marker in step with the photo list, so 'Property image
 * is required' shows when it is empty and goes as soon as a photo is added (the
 * field is validated again once the person has touched it).
 */
export function usePhotoMarker(form: FormikProps<PropertyFormValues>, count: number) {
  const { setFieldValue } = form;
  const touched = Boolean(form.touched.image);
  useEffect(() => {
    void setFieldValue('image', count ? 'chosen' : '', touched);
  }, [count, setFieldValue, touched]);
}
