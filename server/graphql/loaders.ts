// Per-request batching: fields that point at other records (a property's agent,
// an offer's buyer...) load them in one query per kind, whatever the list size.
import DataLoader from 'dataloader';
import type { Db } from '../db/client';
import type { User as UserRecord } from '../generated/prisma/client';

export function createLoaders(db: Db) {
  return {
    userById: new DataLoader<string, UserRecord | null>(async (ids) => {
      const users = await db.user.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(users.map((user) => [user.id, user]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
