// Add and update property rules (spec section 5), shared by the forms and the server.
import { array, object, string } from 'yup';
import { isMoney, moneyText, toCents } from '../money';
import { imageUrl } from './common';

export const TITLE_MAX_LENGTH = 120;
export const LOCATION_MAX_LENGTH = 160;
export const DESCRIPTION_MAX_LENGTH = 5000;

export const MIN_PRICE_MESSAGE = 'Minimum price must be at least 1';
export const MAX_PRICE_MESSAGE = 'Maximum price must be greater than or equal to minimum price';
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount with at most 12 digits and 2 decimals';

const ONE = 100n; // 1.00 in cents

const amount = (requiredMessage: string) =>
  string()
    .transform((_value, original) => moneyText(original))
    .required(requiredMessage)
    .test('amount-format', AMOUNT_FORMAT_MESSAGE, (value) => value === undefined || isMoney(value));

const fields = {
  title: string().trim().required('Property title is required').max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`),
  location: string().trim().required('Location is required').max(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters`),
  description: string().trim().max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`).optional(),
  priceMin: amount(MIN_PRICE_MESSAGE).test('min-at-least-one', MIN_PRICE_MESSAGE, (value) => !isMoney(value) || toCents(value) >= ONE),
  priceMax: amount(MAX_PRICE_MESSAGE).test('max-at-least-min', MAX_PRICE_MESSAGE, function (value) {
    if (!isMoney(value)) return true;
    const min: unknown = this.parent.priceMin;
    const floor = isMoney(min) && toCents(min) >= ONE ? toCents(min) : ONE;
    return toCents(value) >= floor;
  }),
};

export const MAX_PHOTOS = 20;
export const PHOTOS_MIN_MESSAGE = 'Add at least one photo';
export const PHOTOS_MAX_MESSAGE = `A listing has at most ${MAX_PHOTOS} photos`;

/** Photos in order, the first being the cover; optional (the spec's form sends one image). */
const photos = array(imageUrl().required('Each photo must be an uploaded image or a web address')).min(1, PHOTOS_MIN_MESSAGE).max(MAX_PHOTOS, PHOTOS_MAX_MESSAGE).optional();

export const addPropertySchema = object({
  ...fields,
  photos,
  image: imageUrl().required('Property image is required'),
});

/** Update: the image is optional (the current one is kept). */
export const updatePropertySchema = object({
  ...fields,
  photos,
  image: imageUrl().optional(),
});
