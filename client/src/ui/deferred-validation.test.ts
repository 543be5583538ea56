// deferredSchema: a Formik validate function that loads its Yup schema on first
// use and then validates exactly as Formik's validationSchema would.
import { validateYupSchema, yupToFormErrors } from 'formik';
import { loginSchema, registerSchema } from '@opennest/common/validation/auth';
import type { Schema } from 'yup';
import { deferredSchema } from './deferred-validation';

/** What Formik's own validationSchema path gives for these values. */
async function formikErrors(schema: Schema, values: object) {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

it('gives the errors validationSchema would, with the spec messages, loading the schema once', async () => {
  let loads = 0;
  const validate = deferredSchema(async () => {
    loads += 1;
    return loginSchema;
  });
  expect(loads).toBe(0);
  expect(await validate({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  expect(await validate({ email: '  ', password: 'x' })).toEqual(await formikErrors(loginSchema, { email: '  ', password: 'x' }));
  expect(await validate({ email: 'a@b.co', password: 'Secret#1' })).toEqual({});
  expect(loads).toBe(1);
});

it('matches validationSchema on the registration rules (nested and several errors per form)', async () => {
  const validate = deferredSchema(async () => registerSchema);
  for (const values of [
    { name: '', photo: null, email: '', password: '' },
    { name: 'Ann', photo: null, email: 'not-an-email', password: 'short' },
  ]) {
    const errors = await validate(values);
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors).toEqual(await formikErrors(registerSchema, values));
  }
});

it('tries the download again at the next validation when it failed', async () => {
  let attempt = 0;
  const validate = deferredSchema(async () => {
    attempt += 1;
    if (attempt === 1) throw new Error('chunk failed to load');
    return loginSchema;
  });
  await expect(validate({ email: '', password: '' })).rejects.toThrow('chunk failed to load');
  expect(await validate({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  expect(attempt).toBe(2);
});

it('passes on an error that is not a validation error', async () => {
  const broken = { validate: async () => Promise.reject(new TypeError('boom')) } as unknown as Schema;
  await expect(deferredSchema(async () => broken)({})).rejects.toThrow('boom');
});
