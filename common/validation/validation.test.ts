import { ValidationError, type AnySchema } from 'yup';
import { loginSchema, registerSchema, signInRecordSchema } from './auth';
import { newsletterSchema } from './newsletter';
import { createOfferSchema, OFFER_RANGE_MESSAGE } from './offer';
import { addPropertySchema, MAX_PRICE_MESSAGE, MIN_PRICE_MESSAGE, updatePropertySchema } from './property';
import { reviewSchema } from './review';

/** Field → first message, exactly as a form would show them. */
async function errorsOf(schema: AnySchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.inner) errors[issue.path ?? '_'] ??= issue.message;
    return errors;
  }
}

const photo = { name: 'me.png' };

const offerSchema = createOfferSchema({ priceMin: '100.00', priceMax: '200.00' }, '2026-11-21');

// The spec's messages for a form sent empty, field by field (a name of spaces is empty).
it.each([
  ['login', loginSchema, { email: '', password: '' }, { email: 'Email is required', password: 'Password is required' }],
  [
    'register',
    registerSchema,
    { name: ' ', photo: null, email: '', password: '' },
    { name: 'Name is required', photo: 'Profile photo is required', email: 'Email is required', password: 'Password is required' },
  ],
  [
    'property',
    addPropertySchema,
    { title: '', location: '', image: '', priceMin: '', priceMax: '' },
    { title: 'Property title is required', location: 'Location is required', image: 'Property image is required', priceMin: MIN_PRICE_MESSAGE, priceMax: MAX_PRICE_MESSAGE },
  ],
  ['offer', offerSchema, { offerAmount: '', buyingDate: '' }, { offerAmount: 'Offer amount is required', buyingDate: 'Buying date is required' }],
] as Array<[string, AnySchema, Record<string, unknown>, Record<string, string>]>)('%s: an empty form gets the spec messages', async (_form, schema, empty, messages) => {
  expect(await errorsOf(schema, empty)).toEqual(messages);
});

describe('login', () => {
  it('accepts any filled-in pair (the identity provider judges them)', async () => {
    expect(await errorsOf(loginSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('register', () => {
  const valid = { name: 'Ada', photo, email: 'ada@example.com', password: 'Secret!1' };

  it('accepts a complete form', async () => {
    expect(await errorsOf(registerSchema, valid)).toEqual({});
  });
  it('rejects an e-mail without @', async () => {
    expect(await errorsOf(registerSchema, { ...valid, email: 'ada.example.com' })).toEqual({ email: 'Invalid email address' });
  });
  it('rejects a short password', async () => {
    expect(await errorsOf(registerSchema, { ...valid, password: 'Ab!1' })).toEqual({ password: 'Password must be at least 6 characters' });
  });
  it.each([['secret!1'], ['Secret11'], ['SECRETPW']])('rejects %s without a capital and a special character', async (password) => {
    expect(await errorsOf(registerSchema, { ...valid, password })).toEqual({ password: 'Must include a capital letter and a special character' });
  });
  it('limits the name length', async () => {
    expect(await errorsOf(registerSchema, { ...valid, name: 'x'.repeat(81) })).toEqual({ name: 'Name must be at most 80 characters' });
  });
});

describe('sign-in record (server side of registration)', () => {
  it('drops fields the server owns', async () => {
    const value = await signInRecordSchema.validate({ name: ' Ada ', image: '/uploads/a.webp', role: 'admin', email: 'x@y.z' }, { stripUnknown: true });
    expect(value).toEqual({ name: 'Ada', image: '/uploads/a.webp' });
  });
});

describe('property', () => {
  const valid = { title: 'Loft', location: 'Dhaka', image: '/uploads/p.webp', priceMin: '100', priceMax: '200' };

  it('accepts a complete form, with numbers or decimal strings', async () => {
    expect(await errorsOf(addPropertySchema, valid)).toEqual({});
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: 100, priceMax: 100.5 })).toEqual({});
  });
  it('makes the image optional on update', async () => {
    expect(await errorsOf(updatePropertySchema, { ...valid, image: undefined })).toEqual({});
  });
  it('needs a minimum price of at least 1', async () => {
    expect(MIN_PRICE_MESSAGE).toBe('Minimum price must be at least 1');
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '0.99' })).toEqual({ priceMin: MIN_PRICE_MESSAGE });
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '1' })).toEqual({});
  });
  it('needs a maximum price of at least the minimum (or 1)', async () => {
    expect(MAX_PRICE_MESSAGE).toBe('Maximum price must be greater than or equal to minimum price');
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '200', priceMax: '199.99' })).toEqual({ priceMax: MAX_PRICE_MESSAGE });
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '200', priceMax: '200' })).toEqual({});
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '', priceMax: '0.5' })).toEqual({ priceMin: MIN_PRICE_MESSAGE, priceMax: MAX_PRICE_MESSAGE });
  });
  it('compares large prices exactly', async () => {
    // As doubles these two are the same number; as money they are a cent apart.
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '999999999999.99', priceMax: '999999999999.98' })).toEqual({ priceMax: MAX_PRICE_MESSAGE });
  });
  it('rejects amounts that are not plain decimals', async () => {
    expect(await errorsOf(addPropertySchema, { ...valid, priceMin: '1e3' })).toEqual({ priceMin: 'Enter an amount with at most 12 digits and 2 decimals' });
    expect(await errorsOf(addPropertySchema, { ...valid, priceMax: '10.001' })).toEqual({ priceMax: 'Enter an amount with at most 12 digits and 2 decimals' });
  });
});

describe('offer', () => {
  it('accepts the range bounds inclusively', async () => {
    expect(await errorsOf(offerSchema, { offerAmount: '100', buyingDate: '2026-11-21' })).toEqual({});
    expect(await errorsOf(offerSchema, { offerAmount: '200.00', buyingDate: '2026-12-01' })).toEqual({});
  });
  it('refuses amounts outside the range with the spec message', async () => {
    expect(await errorsOf(offerSchema, { offerAmount: '99.99', buyingDate: '2026-11-21' })).toEqual({ offerAmount: OFFER_RANGE_MESSAGE });
    expect(await errorsOf(offerSchema, { offerAmount: '200.01', buyingDate: '2026-11-21' })).toEqual({ offerAmount: 'Offer must be within the price range.' });
  });
  it('refuses a buying date in the past', async () => {
    expect(await errorsOf(offerSchema, { offerAmount: '150', buyingDate: '2026-11-20' })).toEqual({ buyingDate: 'Buying date cannot be in the past' });
  });
});

describe('review and newsletter', () => {
  it('requires review text and bounds its length', async () => {
    expect(await errorsOf(reviewSchema, { reviewText: '   ' })).toEqual({ reviewText: 'Review text is required' });
    expect(await errorsOf(reviewSchema, { reviewText: 'x'.repeat(2001) })).toEqual({ reviewText: 'Review must be at most 2000 characters' });
  });
  it('requires a newsletter e-mail', async () => {
    expect(await errorsOf(newsletterSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(await errorsOf(newsletterSchema, { email: 'nope' })).toEqual({ email: 'Invalid email address' });
  });
});
