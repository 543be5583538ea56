// The add and update property forms share their fields, schemas and submit
// plumbing (spec sections 2 and 5). The form holds a File for the image; the
// file is uploaded on submit and only its URL goes to the API.
import { AspectRatio, Box, Field, Image, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { AuthSource } from '../app/session';
import { getIn, type FormikProps } from 'formik';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { mixed, type AnyObjectSchema } from 'yup';
import { uploadImage } from '../app/http';
import { DESCRIPTION_MAX_LENGTH, addPropertySchema, updatePropertySchema } from '@opennest/common/validation/property';
import { FormField } from '../ui/FormField';
import { useServerAwareValidation } from '../ui/form-validation';

export interface PropertyFormValues {
  title: string;
  location: string;
  /** The chosen image file (add: required; update: optional replacement). */
  image: File | null;
  priceMin: string;
  priceMax: string;
  description: string;
}

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images are accepted.';

/** A browser may not know a file's type (then the server, which sniffs the bytes, decides). */
const acceptedType = (file: File | null | undefined) => !file || !file.type || ACCEPTED_IMAGE_TYPES.includes(file.type);

/** The shared add rules, with the image as a required file instead of a URL. */
export const addPropertyFormSchema = addPropertySchema.shape({
  image: mixed<File>()
    .nullable()
    .test('image-required', 'Property image is required', (file) => file !== null && file !== undefined)
    .test('image-type', IMAGE_TYPE_MESSAGE, acceptedType),
});

/** The shared update rules: a replacement image file is optional. */
export const updatePropertyFormSchema = updatePropertySchema.shape({
  image: mixed<File>().nullable().test('image-type', IMAGE_TYPE_MESSAGE, acceptedType),
});

/** What the API receives: trimmed text, prices as the decimal text the user typed. */
export function propertyInput(values: PropertyFormValues) {
  return {
    title: values.title.trim(),
    location: values.location.trim(),
    description: values.description.trim(),
    priceMin: values.priceMin.trim(),
    priceMax: values.priceMax.trim(),
  };
}

/**
 * Uploads a file once: a retry after a failed mutation reuses the URL of the
 * same file instead of uploading it again.
 */
export function useImageUploader(auth: AuthSource) {
  const last = useRef<{ file: File; url: string } | null>(null);
  return async (file: File): Promise<string> => {
    if (last.current?.file === file) return last.current.url;
    const { url } = await uploadImage(auth, file);
    last.current = { file, url };
    return url;
  };
}

const FIELD_NAMES: Array<keyof PropertyFormValues> = ['title', 'location', 'image', 'priceMin', 'priceMax', 'description'];

/** The shared schema plus the server's per-field messages, for the property fields. */
export const usePropertyValidation = (schema: AnyObjectSchema) => useServerAwareValidation<PropertyFormValues>(schema, FIELD_NAMES);

/** An object URL for a chosen file, revoked when the file changes or the field goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ImageFieldProps {
  form: FormikProps<PropertyFormValues>;
  label: string;
  helperText: string;
  disabled?: boolean;
  /** The image the property has now (update), shown until a new one is chosen. */
  currentImage?: { src: string; alt: string };
}

/** A file input with a preview of the chosen (or current) image. */
export function ImageField({ form, label, helperText, disabled, currentImage }: ImageFieldProps) {
  const file = form.values.image;
  const preview = useObjectUrl(file);
  const error = form.touched.image ? (getIn(form.errors, 'image') as string | undefined) : undefined;

  const shown = preview ? { src: preview, alt: 'Preview of the chosen image' } : currentImage;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {shown && (
        <Box width="full" maxW="xs" rounded="md" overflow="hidden" borderWidth="1px" mb="1">
          <AspectRatio ratio={4 / 3} bg="gray.100">
            <Image src={shown.src} alt={shown.alt} objectFit="cover" />
          </AspectRatio>
          {preview && currentImage && (
            <Text fontSize="xs" color="fg.muted" px="2" py="1">
              New image (replaces the current one when you save)
            </Text>
          )}
        </Box>
      )}
      <Input
        type="file"
        name="image"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        p="1"
        disabled={disabled}
        onChange={(event) => {
          void form.setFieldValue('image', event.currentTarget.files?.[0] ?? null);
          void form.setFieldTouched('image', true, false);
        }}
        onBlur={() => void form.setFieldTouched('image', true)}
      />
      {!error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
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
      <FormField form={form} name="location" label="Location" placeholder="e.g. Dhanmondi, Dhaka" disabled={disabled} />
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
