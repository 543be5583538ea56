// Per-request batching: fields that point at other records (a property's agent,
// an offer's buyer...) load them in one query per kind, whatever the list size.
import DataLoader from 'dataloader';
import type { Db } from '../db/client';
import type { Property as PropertyRecord, User as UserRecord } from '../generated/prisma/client';

export function createLoaders(db: Db) {
  return {
    userById: new DataLoader<string, UserRecord | null>(async (ids) => byIds(ids, await db.user.findMany({ where: { id: { in: [...ids] } } }))),
    /** Deleted listings included: offers and reviews still name the property they were about. */
    propertyById: new DataLoader<string, PropertyRecord | null>(async (ids) => byIds(ids, await db.property.findMany({ where: { id: { in: [...ids] } } }))),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

function byIds<T extends { id: string }>(ids: readonly string[], rows: T[]): Array<T | null> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}
