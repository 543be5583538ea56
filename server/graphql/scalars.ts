import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isMoney, moneyText, normalizeMoney } from '@opennest/common/money';
import { isCalendarDate, isStorableTime, STORABLE_YEARS } from '@opennest/common/storable';
import { isoTime } from './iso-time';

const badValue = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    const time = date.getTime();
    if (Number.isNaN(time)) throw new GraphQLError('DateTime cannot represent an invalid date.');
    return isoTime(time);
  },
  parseValue(value) {
    const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
    // A time PostgreSQL stores (common/storable.ts), so no query fails on it.
    if (!isStorableTime(date)) throw badValue(`Expected an ISO-8601 date-time string in years ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}.`);
    return date;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw badValue('Expected an ISO-8601 date-time string.');
    return this.parseValue!(ast.value) as Date;
  },
});

/**
 * Money as decimal text. Output: Prisma's Decimal (exact) rendered with two
 * decimals. Input: a decimal string (numbers are accepted as their text).
 * Range and format rules with user-facing messages live in the shared schemas;
 * here only what cannot be money at all is refused.
 */
export const Decimal = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  serialize(value) {
    // A Decimal's toFixed(2) is the canonical form already (no leading zeros, exactly two decimals):
    // normalising it again cost every listing's prices two regular expressions and BigInt arithmetic.
    if (typeof value === 'object' && value !== null && 'toFixed' in value) return (value as { toFixed(n: number): string }).toFixed(2);
    const text = String(value);
    return isMoney(text) ? normalizeMoney(text) : text;
  },
  parseValue(value) {
    const text = moneyText(value);
    if (typeof text !== 'string') throw badValue('Expected an amount as a decimal string, such as "1250.00".');
    return text;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING && ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT) throw badValue('Expected an amount as a decimal string, such as "1250.00".');
    return ast.value;
  },
});

/** A calendar date (YYYY-MM-DD). Output: a Date column rendered in UTC. Input: the text of a day that exists, in years 1 to 9999. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  serialize(value) {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return String(value);
  },
  parseValue(value) {
    if (!isCalendarDate(value)) throw badValue('Expected a date as YYYY-MM-DD.');
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw badValue('Expected a date as YYYY-MM-DD.');
    return this.parseValue!(ast.value) as string;
  },
});
