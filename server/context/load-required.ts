import type DataLoader from 'dataloader';
import type { Loaders } from './loaders';

/** A related record that a foreign key guarantees; its absence is a bug, not a user error. */
export async function loadRequired<T>(loader: DataLoader<string, T | null>, id: string, what: string): Promise<T> {
  const record = await loader.load(id);
  if (!record) throw new Error(`Missing ${what} ${id}.`);
  return record;
}

/** A listing and its agent (answers that show a listing name its agent too). */
export async function loadListingWithAgent(loaders: Loaders, propertyId: string) {
  const property = await loadRequired(loaders.propertyById, propertyId, 'property');
  return { property, agent: await loadRequired(loaders.userById, property.agentId, 'agent') };
}
