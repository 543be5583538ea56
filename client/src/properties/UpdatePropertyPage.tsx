import { Alert, Badge, Button, Card, Flex, HStack, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useRef } from 'react';
import { LuArrowLeft, LuSave } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router';
import { errorCode, errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { usePropertyDetailsQuery, useUpdatePropertyMutation, type PropertyDetailsQuery } from './properties.generated';
import { useAlert } from '../ui/alerts';
import { toaster } from '../ui/toaster';
import { QueryState } from '../ui/QueryState';
import { PageHeader, StatusBadge } from './page-parts';
import { factsFormValues, addressFormValues, LockedFieldset, PropertyFields, propertyInput, usePhotoMarker, usePropertyValidation, updatePropertyFormSchema, type PropertyFormValues } from './property-form';
import { PhotosField, storedPhotos, usePhotoList } from './PhotosField';
import { keepFieldFocus, useFocusFirstError } from '../ui/form-validation';
import { useNavigateWhileShown } from '../app/use-navigate-while-shown';
import { LinkButton } from '../ui/LinkButton';

const MY_PROPERTIES = '/dash-board/my-added-properties';
const REJECTED_MESSAGE = 'This property is rejected and cannot be updated.';

/** Agent: edit one of their listings (spec section 2, Update property). Status is kept; rejected ones are frozen. */
export default function UpdateProperty() {
  const { id = '' } = useParams();
  // Always from the server: the status may have changed since the list was loaded.
  const details = usePropertyDetailsQuery({ variables: { id }, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: true });

  const backLink = (
    <LinkButton to={MY_PROPERTIES} icon={LuArrowLeft}>
      My Added Properties
    </LinkButton>
  );

  const skeleton = (
    <Card.Root maxW="3xl" aria-busy="true" aria-label="Loading the property">
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Stack key={index} gap="2">
            <Skeleton height="4" width="30%" />
            <Skeleton height="10" />
          </Stack>
        ))}
        <SkeletonText noOfLines={3} />
      </Card.Body>
    </Card.Root>
  );

  return (
    <>
      <PageHeader title="Update Property" subtitle="Change the details of your listing. Its status stays as it is." actions={backLink} />
      {/* The form is keyed by id so another property's values never linger in it. */}
      <QueryState query={details} data={details.data?.property} skeleton={skeleton} errorTitle="Failed to fetch property data">
        {(property) => <UpdatePropertyForm key={property.id} property={property} onStale={() => void details.refetch()} />}
      </QueryState>
    </>
  );
}

function UpdatePropertyForm({ property, onStale }: { property: PropertyDetailsQuery['property']; onStale: () => void }) {
  const { viewer } = useAuth();
  const alert = useAlert();
  const navigate = useNavigateWhileShown();
  const photoList = usePhotoList(storedPhotos(property.photos));
  const { validate, showServerErrors } = usePropertyValidation(updatePropertyFormSchema);
  const [updateProperty] = useUpdatePropertyMutation();

  const rejected = property.status === 'rejected';
  const notMine = viewer !== null && property.agent.id !== viewer.id;
  const locked = rejected || notMine;

  const form = useFormik<PropertyFormValues>({
    initialValues: {
      title: property.title,
      ...addressFormValues(property),
      image: 'chosen',
      priceMin: property.priceMin,
      priceMax: property.priceMax,
      description: property.description ?? '',
      ...factsFormValues(property),
    },
    validate,
    onSubmit: async (values, helpers) => {
      if (rejected) {
        await alert.show({ status: 'warning', title: 'Cannot Update', text: 'This property is rejected and cannot be updated' });
        return;
      }
      try {
        // The photos in their order now: new ones uploaded, removed ones gone, the first the cover.
        const photos = await photoList.whenUploaded();
        await updateProperty({ variables: { id: property.id, input: { ...propertyInput(values), image: photos[0], photos } } });
      } catch (error) {
        showServerErrors(helpers, values, error);
        toaster.create({ type: 'error', title: 'Failed to update property', description: errorMessage(error, 'Something went wrong') });
        // Rejected or removed meanwhile: reload it so the form shows its current state (the typed values stay).
        const code = errorCode(error);
        if (code === 'CONFLICT' || code === 'NOT_FOUND') onStale();
        return;
      }
      await alert.show({ status: 'success', title: 'Property Updated', text: 'Your changes were saved.', autoCloseMs: 2000 });
      navigate(MY_PROPERTIES);
    },
  });

  usePhotoMarker(form, photoList.photos.length);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, formRef);

  return (
    <Card.Root maxW="3xl">
      <Card.Body p={{ base: '4', md: '6' }}>
        {rejected && (
          <Alert.Root status="error" mb="5" data-testid="rejected-notice">
            <Alert.Indicator />
            <Alert.Title>{REJECTED_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        {!rejected && notMine && (
          <Alert.Root status="warning" mb="5">
            <Alert.Indicator />
            <Alert.Title>You can only update your own properties.</Alert.Title>
          </Alert.Root>
        )}
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Update property">
          <LockedFieldset locked={locked || form.isSubmitting}>
            <Stack gap="5">
              <Stack gap="1.5">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium" textStyle="sm">
                    Status
                  </Text>
                  <StatusBadge status={property.status} />
                  {property.isAdvertised && <Badge colorPalette="purple">Advertised</Badge>}
                </HStack>
                <Text textStyle="xs" color="fg.muted">
                  Set by an admin; updating keeps it.
                </Text>
              </Stack>
              <PropertyFields
                form={form}
                disabled={locked}
                agent={{ name: property.agent.name, email: property.agent.email }}
                imageField={
                  <PhotosField
                    list={photoList}
                    disabled={locked || form.isSubmitting}
                    error={form.touched.image ? form.errors.image : undefined}
                    helperText="1 to 20 photos; the first is the cover. Add, remove, or drag (or use the arrow buttons) to reorder."
                    onTouched={() => void form.setFieldTouched('image', true, false)}
                  />
                }
              />
            </Stack>
          </LockedFieldset>
          <Flex justify="end" gap="3" mt="6" direction={{ base: 'column-reverse', sm: 'row' }}>
            {/* Not while saving: the changes would be saved anyway, after the page was left. */}
            <Button asChild variant="outline" disabled={form.isSubmitting}>
              <RouterLink to={MY_PROPERTIES} aria-disabled={form.isSubmitting || undefined} onClick={(event) => form.isSubmitting && event.preventDefault()}>
                Cancel
              </RouterLink>
            </Button>
            <Button type="submit" colorPalette="teal" onMouseDown={keepFieldFocus} disabled={locked} loading={form.isSubmitting} loadingText="Saving...">
              <LuSave aria-hidden /> Update Property
            </Button>
          </Flex>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
