// The Decimal scalar's output: exact two-decimal text, from Prisma's Decimal or from text.
import { Prisma } from '../generated/prisma/client';
import { Decimal } from './scalars';

it.each([
  [new Prisma.Decimal('1250000.5'), '1250000.50'],
  [new Prisma.Decimal('0.1'), '0.10'],
  [new Prisma.Decimal('999999999999.99'), '999999999999.99'],
  [new Prisma.Decimal('15000'), '15000.00'],
  ['12.5', '12.50'],
  ['007.1', '7.10'],
])('serialises %s as %s', (value, text) => {
  expect(Decimal.serialize(value)).toBe(text);
});
