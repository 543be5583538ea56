// Saved searches: a buyer keeps the All Properties page's current state (the
// location text and the sort, as a versioned criteria document) under a name,
// with an alert frequency. Matching new listings against them is a job
// (matching.ts); here are the owner's list, create, edit and delete.
import { savedSearchSchema } from '@opennest/common/validation/saved-search';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import type { SavedSearch as SavedSearchRecord } from '../generated/prisma/client';
import { badInput, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { PROPERTY_SORTS, SEARCH_MAX_LENGTH, validPropertyFilter, type PropertySort, type ValidPropertyFilter } from '../properties/properties.service';
import { savedSearchesAccess } from './saved-searches.access';

/**
 * The page state a saved search keeps. Bump `version` when fields change
 * meaning; add fields freely. Version 2 added `filter` (the All Properties
 * filters, validated; matching.ts reads it); version 1 documents have none.
 */
export interface SavedSearchCriteria {
  version: 2;
  search: string;
  sort: PropertySort;
  filter: ValidPropertyFilter;
}

export { SAVED_SEARCH_CAP_REACHED, SAVED_SEARCH_LIMIT } from '../db/constraint-meanings';
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found.';

export interface SavedSearchInput {
  name: unknown;
  frequency: unknown;
  search?: string | null;
  sort?: PropertySort | null;
  filter?: unknown;
}

async function criteriaOf(input: { search?: string | null; sort?: PropertySort | null; filter?: unknown }): Promise<SavedSearchCriteria> {
  const search = (input.search ?? '').trim();
  if (search.length > SEARCH_MAX_LENGTH) throw badInput(`Search at most ${SEARCH_MAX_LENGTH} characters.`, { search: `Search at most ${SEARCH_MAX_LENGTH} characters.` });
  if (search.includes('\u0000')) throw badInput('Search must not contain NUL characters.');
  const sort = input.sort ?? 'NEWEST';
  if (!PROPERTY_SORTS.includes(sort)) throw badInput('Unknown sort order.');
  // Only what is set is kept, so the document stays small and matching reads absent keys as "any".
  const filter = Object.fromEntries(Object.entries(await validPropertyFilter(input.filter)).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as ValidPropertyFilter;
  return { version: 2, search, sort, filter };
}

/** The columns matching reads, derived from the criteria (one place: here). */
const matchingColumns = (criteria: SavedSearchCriteria) => ({ locationTerm: criteria.search.toLowerCase() });

export function createSavedSearchesService({ db }: { db: Db }) {
  async function findOwn(viewerId: string, rawId: string): Promise<SavedSearchRecord> {
    const search = await db.savedSearch.findUnique({ where: { id: parseId(rawId, 'saved search id') } });
    // Someone else's saved search looks exactly like a missing one.
    if (!search || search.userId !== viewerId) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return search;
  }

  return {
    async list(caller: Caller): Promise<SavedSearchRecord[]> {
      const viewer = requireViewer(caller, savedSearchesAccess.savedSearches.roles);
      return db.savedSearch.findMany({ where: { userId: viewer.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    },

    /**
     * Saves a search; the same save again (same name, criteria and frequency)
     * gives back the row the first one made. The cap and the sameness are held
     * by the INSERT itself: the trigger saved_searches_cap locks the owner's
     * row, skips a row the buyer already has, and refuses the 51st (a check
     * violation that constraint-meanings answers with the cap message), so
     * concurrent saves of one buyer take turns for one statement each.
     */
    async create(caller: Caller, input: SavedSearchInput): Promise<SavedSearchRecord> {
      const viewer = requireViewer(caller, savedSearchesAccess.saveSearch.roles);
      const { name, frequency } = await validateInput(savedSearchSchema, { name: input.name, frequency: input.frequency });
      const criteria = await criteriaOf(input);
      const same = () => db.savedSearch.findFirst({ where: { userId: viewer.id, name, frequency, criteria: { equals: { ...criteria } } }, orderBy: { createdAt: 'asc' } });
      const stored = await same();
      if (stored) return stored;
      const [created] = await db.savedSearch.createManyAndReturn({ data: [{ userId: viewer.id, name, frequency, criteria: { ...criteria }, ...matchingColumns(criteria) }] });
      // No row: the trigger found the same search, saved by a concurrent request.
      const saved = created ?? (await same());
      if (!saved) throw notFound(SAVED_SEARCH_NOT_FOUND);
      return saved;
    },

    /** Renames it and changes its frequency (the criteria stay: save a new search for other criteria). */
    async update(caller: Caller, id: string, input: { name: unknown; frequency: unknown }): Promise<SavedSearchRecord> {
      const viewer = requireViewer(caller, savedSearchesAccess.updateSavedSearch.roles);
      const search = await findOwn(viewer.id, id);
      const { name, frequency } = await validateInput(savedSearchSchema, input);
      // Deleted meanwhile (another tab): NOT_FOUND, as if it had been gone before.
      const [updated] = await db.savedSearch.updateManyAndReturn({ where: { id: search.id, userId: viewer.id }, data: { name, frequency } });
      if (!updated) throw notFound(SAVED_SEARCH_NOT_FOUND);
      return updated;
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const viewer = requireViewer(caller, savedSearchesAccess.deleteSavedSearch.roles);
      const search = await findOwn(viewer.id, id);
      // Removed twice at once: the second finds nothing to delete and answers NOT_FOUND.
      const { count } = await db.savedSearch.deleteMany({ where: { id: search.id, userId: viewer.id } });
      if (!count) throw notFound(SAVED_SEARCH_NOT_FOUND);
      return search.id;
    },
  };
}

/** A stored criteria document in today's shape (version 1 had no filter). */
export function criteriaOfRecord(record: SavedSearchRecord): SavedSearchCriteria {
  const stored = record.criteria as unknown as Partial<SavedSearchCriteria> & { version: number; search: string; sort: PropertySort };
  return { version: 2, search: stored.search, sort: stored.sort, filter: stored.filter ?? {} };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
