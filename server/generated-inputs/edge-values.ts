// The values the generated-input tests draw from (fast-check arbitraries): every
// kind of input a caller can send, biased toward the edges where storage and
// parsing break (empty, huge, negative, Unicode, NUL, dates at PostgreSQL's
// limits, garbage cursors and ids), mixed with values that are valid and name
// records that exist, so that generated requests also get past the first check.
import fc from 'fast-check';
import { encodeCursor } from '../shared/pagination';

/** Records and accounts that exist in the database under test (filled in once it is seeded). */
export interface KnownValues {
  ids: string[];
  emails: string[];
  /** Cursors the server wrote (real rows' sort keys). */
  cursors: string[];
}

/** fc.oneof with weights, written `weighted([3, a], [1, b])`. */
export const weighted = <T>(...entries: Array<[number, fc.Arbitrary<T>]>) => fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })));

// ---------------------------------------------------------------------------
// Text

/** Lengths around the rules' limits, and past anything a form allows (the JSON body limit, 1 MB, refuses more). */
const LONG_LENGTHS = [255, 256, 1000, 2048, 2049, 5000, 10_001];
const HUGE_LENGTH = 300_000;

/** Strings no form would send: empty, blank, huge, NUL, control characters, markup, wildcards, lone surrogates, RTL, emoji. */
export const edgeStrings: fc.Arbitrary<string> = weighted<string>(
  [12, fc.constantFrom(
    '',
    ' ',
    '   \t\n ',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(8),
    '\u0001\u001f\u007f',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '%',
    '_',
    '\\',
    '%_%\\',
    '\ud800',
    'a\udc00b',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '👩‍👩‍👧‍👦🏠💸',
    'e\u0301\u0301\u0301',
    '\ufeff',
    'null',
    'undefined',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e309',
    'true',
    '{}',
    '[]',
  )],
  [4, fc.tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', 'é', '😀', '\u0000', ' ')).map(([length, unit]) => unit.repeat(length))],
  [1, fc.constantFrom('a', 'x\u0000').map((unit) => unit.repeat(HUGE_LENGTH / unit.length))],
  [4, fc.string({ unit: 'binary', maxLength: 40 })],
  [4, fc.string({ unit: 'grapheme', maxLength: 40 })],
);

/** Ordinary text, the kind forms send. */
export const plainText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('Lovely flat', 'Banani, Dhaka', 'Is it still available?', 'Gulshan', 'dhaka', 'A quiet house near the lake.'),
  fc.string({ minLength: 1, maxLength: 60 }),
);

export const anyText = weighted<string>([3, plainText], [4, edgeStrings]);

// ---------------------------------------------------------------------------
// Numbers

/** JSON numbers at the edges: int32 and int64 bounds, negatives, fractions, tiny and huge magnitudes. */
export const edgeNumbers: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2, 24, 48, 100, 101, 1000, 1001, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e20, -1e20, 1e308, 5e-324, 0.5, 1.005, 0.001, 999999999999.99, 1e12, 99999999999999.99),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Amounts as text or JSON numbers: NUMERIC(14,2)'s edges and what is not an amount at all. */
export const edgeAmounts: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom('1500.00', '1000', '2000.00', '1', '0', '0.00', '-1', '-0.01', '0.001', '999999999999.99', '1000000000000', '1000000000000.00', '99999999999999.99', '1e3', '1E3', '0x10', ' 1500 ', '1,500', '١٥٠٠', '', '.5', '5.', '00001500.00', '12345678901234567890.12'),
  fc.constantFrom(1500, 1000.5, 0, -1, 1e12, 1e15, 0.001, 2 ** 53),
  edgeNumbers,
);

// ---------------------------------------------------------------------------
// Dates: JavaScript's range is ±275760 years, PostgreSQL's timestamp 4713 BC to
// 294276 AD and its date 4713 BC to 5874897 AD; ISO text with a 4-digit year is
// what both sides agree on. The edges of each, and what parses only on one side.

export const edgeDateTimes: fc.Arbitrary<string> = weighted<string>(
  [4, fc.constantFrom(
    '0000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00.000Z',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '+010000-01-01T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '-004713-11-24T00:00:00.000Z',
    '+294276-12-31T23:59:59.999Z',
    '2024-02-30T00:00:00.000Z',
    '2024-13-01T00:00:00.000Z',
    '2024-01-01T24:00:00.000Z',
    '2024-01-01',
    '2024-01-01T00:00:00+14:00',
    'now',
    'infinity',
    '-infinity',
    'epoch',
    'today',
  )],
  [1, fc.date({ noInvalidDate: true }).map((date) => date.toISOString())],
);

export const edgeDates: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0000-01-01', '0001-01-01', '1970-01-01', '2024-02-29', '2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '9999-12-31', '10000-01-01', '+275760-09-13', '-004713-11-24', '99999-12-31', 'infinity', 'today'),
  // Days that do not exist, in the future (past dates are refused before their shape matters).
  fc.constantFrom('2099-02-29', '2099-02-30', '2099-02-31', '2099-02-32', '2099-04-31', '2099-13-01', '2099-00-01', '2099-01-00', '2099-1-1', '2099-01-01T00:00:00Z'),
  fc.date({ noInvalidDate: true, min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z') }).map((date) => date.toISOString().slice(0, 10)),
);

// ---------------------------------------------------------------------------
// Ids, e-mails, cursors

const garbageIds = fc.oneof(
  fc.constantFrom('', '0', '-1', 'null', 'not-an-id', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '{00000000-0000-0000-0000-000000000000}', '00000000000000000000000000000000', '0000000-0000-0000-0000-0000000000000', '../../etc/passwd', '%00'),
  fc.uuid(),
  edgeStrings,
);

export const ids = (known: KnownValues) => weighted<string>([6, fc.constantFrom(...known.ids)], [1, fc.constantFrom(...known.ids).map((id) => id.toUpperCase())], [3, garbageIds]);

export const emails = (known: KnownValues) =>
  weighted<string>(
    [5, fc.constantFrom(...known.emails)],
    [1, fc.constantFrom(...known.emails).map((email) => ` ${email.toUpperCase()} `)],
    [1, fc.emailAddress()],
    [1, fc.constantFrom('a@b', '@', 'user@', `${'x'.repeat(250)}@example.test`, 'a\u0000@example.test', 'ü@exämple.test', 'user@example.test\n')],
    [2, edgeStrings],
  );

/** Cursors: the server's own, and forged ones whose sort key is of the right kind but at its edges, or of the wrong kind. */
export const cursors = (known: KnownValues) => {
  const timeSorts = fc.constantFrom('NEWEST', 'RECENT');
  const amountSorts = fc.constantFrom('PRICE_ASC', 'PRICE_DESC', 'AREA_DESC');
  const edgeAmountTexts = fc.constantFrom('', '0.00', '1500.00', '-1.00', '999999999999.99', '1000000000000.00', '9999999999.99', '10000000000.00', '1e400', 'NaN', '1500');
  const forged = weighted<[string, string]>(
    [4, fc.tuple(timeSorts, edgeDateTimes)],
    [3, fc.tuple(amountSorts, edgeAmountTexts)],
    [1, fc.tuple(fc.constantFrom('NEWEST', 'PRICE_ASC', 'OLDEST', ''), fc.oneof(edgeDateTimes, edgeStrings))],
  ).chain(([sort, value]) => ids(known).map((id) => encodeCursor({ sort, value, id })));
  const misshapen = fc.oneof(
    edgeStrings,
    fc.constantFrom('W10', 'WyJORVdFU1QiXQ', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["NEWEST",1,2]').toString('base64url'), Buffer.from('x'.repeat(5000)).toString('base64url')),
    fc.json().map((json) => Buffer.from(json).toString('base64url')),
  );
  return known.cursors.length ? weighted<string>([2, fc.constantFrom(...known.cursors)], [6, forged], [2, misshapen]) : weighted<string>([6, forged], [2, misshapen]);
};

/** Any JSON value at all (a field of the wrong type). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, '', [], {}, [null], { $gt: '' }, ['a', 'b']),
  fc.jsonValue({ maxDepth: 2 }),
);
