import type DataLoader from 'dataloader';

/** A related record that a foreign key guarantees; its absence is a bug, not a user error. */
export async function loadRequired<T>(loader: DataLoader<string, T | null>, id: string, what: string): Promise<T> {
  const record = await loader.load(id);
  if (!record) throw new Error(`Missing ${what} ${id}.`);
  return record;
}
