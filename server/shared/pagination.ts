// Keyset (cursor) pagination. A cursor is an opaque, URL-safe token naming the
// sort order and the last row's sort key, so pages stay stable while rows are
// added and each page is an index range scan, not an OFFSET.
import { isStorableTime } from '@opennest/common/storable';
import { Prisma } from '../generated/prisma/client';
import { badInput } from './errors';
import { parseId } from './ids';

export const INVALID_CURSOR = 'Invalid cursor; start again from the first page.';

export interface Page<T> {
  nodes: T[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

export interface CursorKey {
  /** The sort order the cursor belongs to. */
  sort: string;
  /** The last row's sort value (decimal text or ISO time). */
  value: string;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.sort, key.value, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string, expectedSort: string): CursorKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((part) => typeof part === 'string') && parsed[0] === expectedSort) {
      return { sort: parsed[0], value: parsed[1], id: parsed[2] };
    }
  } catch {
    // fall through
  }
  throw badInput(INVALID_CURSOR);
}

/** The cursor's row id (a cursor is client input: anything else is a 400). */
export function cursorId(cursor: CursorKey): string {
  try {
    return parseId(cursor.id);
  } catch {
    throw badInput(INVALID_CURSOR);
  }
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A newest-first cursor's time. Only the exact form encodeCursor writes is
 * accepted, and only a time PostgreSQL stores (year 0000 has the form but is
 * not one: SQLSTATE 22008).
 */
export function cursorTime(cursor: CursorKey): Date {
  const createdAt = new Date(cursor.value);
  if (!ISO_TIMESTAMP.test(cursor.value) || !isStorableTime(createdAt) || createdAt.toISOString() !== cursor.value) {
    throw badInput(INVALID_CURSOR);
  }
  return createdAt;
}

/** Rows after the cursor in newest-first order (created_at DESC, id DESC), for any table with those columns. */
export function newestFirstAfter(cursor: CursorKey): { createdAt: { lte: Date }; OR: Array<Record<string, unknown>> } {
  const createdAt = cursorTime(cursor);
  const id = cursorId(cursor);
  // The redundant outer bound lets PostgreSQL start the index scan at the cursor.
  return { createdAt: { lte: createdAt }, OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }] };
}

/** newestFirstAfter and the newest-first order in SQL: `AND <keyset> ORDER BY … LIMIT n` (no keyset on the first page). */
function newestFirstSql(cursor: CursorKey | null, alias: string, limit: number): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  const order = Prisma.sql`ORDER BY ${column('created_at')} DESC, ${column('id')} DESC LIMIT ${limit}`;
  if (!cursor) return order;
  const createdAt = cursorTime(cursor);
  const id = cursorId(cursor);
  return Prisma.sql`AND ${column('created_at')} <= ${createdAt} AND (${column('created_at')} < ${createdAt} OR (${column('created_at')} = ${createdAt} AND ${column('id')} < ${id}::uuid)) ${order}`;
}

export const newestFirstCursor = (row: { createdAt: Date; id: string }) => encodeCursor({ sort: 'NEWEST', value: row.createdAt.toISOString(), id: row.id });

/**
 * A newest-first page's query (created_at DESC, id DESC, one row more than the
 * page to learn whether another follows) and what turns its rows into the page:
 * `q.page(await model.findMany({ where: { ...filter, ...q.where }, orderBy: q.orderBy, take: q.take }))`.
 */
/** A connection field's paging arguments, as GraphQL passes them. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export function newestFirstQuery({ first, after }: PageArgs, limits: { fallback: number; max: number }) {
  const size = pageSize(first, limits);
  const cursor = after ? decodeCursor(after, 'NEWEST') : null;
  return {
    where: cursor ? newestFirstAfter(cursor) : {},
    orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
    take: size + 1,
    /** The same page in SQL, over a table's alias: `WHERE … ${q.sql('o')}` (the keyset, its order and its limit). */
    sql: (alias: string) => newestFirstSql(cursor, alias, size + 1),
    page: <T extends { createdAt: Date; id: string }>(rows: T[]) => toPage(rows, size, newestFirstCursor),
  };
}

/** A caller's own lists (their offers, listings, wishlist): 20 a page unless asked, at most 100. */
export const OWN_LIST_PAGES = { fallback: 20, max: 100 };

export function pageSize(first: number | null | undefined, { fallback = 24, max = 48 } = {}): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > max) throw badInput(`Page size must be between 1 and ${max}.`);
  return size;
}

/** Turns `size + 1` fetched rows into a page. */
export function toPage<T>(rows: T[], size: number, cursorOf: (row: T) => string): Page<T> {
  const nodes = rows.slice(0, size);
  const last = nodes.at(-1);
  return { nodes, pageInfo: { hasNextPage: rows.length > size, endCursor: last ? cursorOf(last) : null } };
}

/** Escapes LIKE wildcards so a search term matches literally (Prisma's `contains` does not). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
