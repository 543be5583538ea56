import { Button, Card, Flex } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useRef } from 'react';
import { LuPlus } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { useAddPropertyMutation } from './properties.generated';
import { useAlert } from '../ui/alerts';
import { toaster } from '../ui/toaster';
import { PageHeader } from './page-parts';
import { evictListsGainingProperty } from './properties.cache';
import { addPropertyFormSchema, addressFormValues, factsFormValues, LockedFieldset, PropertyFields, propertyInput, usePhotoMarker, usePropertyValidation, type PropertyFormValues } from './property-form';
import { PhotosField, usePhotoList } from './PhotosField';
import { keepFieldFocus, useFocusFirstError } from '../ui/form-validation';
import { useNavigateWhileShown } from '../app/use-navigate-while-shown';

const EMPTY: PropertyFormValues = { title: '', ...addressFormValues(), image: '', priceMin: '', priceMax: '', description: '', ...factsFormValues() };

/** Agent: a new listing (spec section 2, Add property). It starts pending. */
export default function AddPropertyPage() {
  const { viewer } = useAuth();
  const alert = useAlert();
  const navigate = useNavigateWhileShown();
  const photoList = usePhotoList();
  const { validate, showServerErrors } = usePropertyValidation(addPropertyFormSchema);
  const [addProperty] = useAddPropertyMutation({
    update(cache) {
      evictListsGainingProperty(cache);
      cache.gc();
    },
  });

  const form = useFormik<PropertyFormValues>({
    initialValues: EMPTY,
    validate,
    onSubmit: async (values, helpers) => {
      try {
        const photos = await photoList.whenUploaded();
        await addProperty({ variables: { input: { ...propertyInput(values), image: photos[0], photos } } });
      } catch (error) {
        // Everything typed stays in the form; the server's field messages go under their fields.
        showServerErrors(helpers, values, error);
        toaster.create({ type: 'error', title: 'Failed to Add Property', description: errorMessage(error, 'Something went wrong!') });
        return;
      }
      await alert.show({ status: 'success', title: 'Property Added', text: 'Your property was added and awaits verification.', autoCloseMs: 2000 });
      navigate('/dash-board/my-added-properties');
    },
  });

  usePhotoMarker(form, photoList.photos.length);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, formRef);

  return (
    <>
      <PageHeader title="Add Property" subtitle="New listings are reviewed by an admin before buyers can see them." />
      <Card.Root maxW="3xl">
        <Card.Body p={{ base: '4', md: '6' }}>
          <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Add property">
            <LockedFieldset locked={form.isSubmitting}>
              <PropertyFields
                form={form}
                agent={{ name: viewer?.name ?? '', email: viewer?.email ?? '' }}
                imageField={
                  <PhotosField
                    list={photoList}
                    disabled={form.isSubmitting}
                    error={form.touched.image ? form.errors.image : undefined}
                    helperText="1 to 20 JPEG, PNG, WebP or GIF photos; the first is the cover. Drag to reorder."
                    onTouched={() => void form.setFieldTouched('image', true, false)}
                  />
                }
              />
            </LockedFieldset>
            <Flex justify="end" mt="6">
              <Button type="submit" colorPalette="teal" onMouseDown={keepFieldFocus} loading={form.isSubmitting} loadingText="Adding..." width={{ base: 'full', sm: 'auto' }}>
                <LuPlus aria-hidden /> Add Property
              </Button>
            </Flex>
          </form>
        </Card.Body>
      </Card.Root>
    </>
  );
}
