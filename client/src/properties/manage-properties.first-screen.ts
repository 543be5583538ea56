// Manage Properties' first screen (app/first-screen.ts): the first page of every listing, unfiltered.
import type { FirstScreen } from '../app/first-screen-declaration';
import { AllPropertiesDocument } from './properties.generated';

/** Rows per page. */
export const PAGE_SIZE = 24;

/** The page's query's variables for a status filter ('' for every status). */
export const managePropertiesVariables = (status: string) => ({ status: status || null, first: PAGE_SIZE });

export const firstScreen: FirstScreen = () => [{ query: AllPropertiesDocument, variables: managePropertiesVariables('') }];
