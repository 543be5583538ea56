import { dollars } from '@opennest/common/money';

/** "$120,000.00 – $150,000.00" (exact: the amounts stay decimal text). */
export const priceRange = (priceMin: string, priceMax: string) => `${dollars(priceMin)} – ${dollars(priceMax)}`;

export const STATUS_COLOUR: Record<string, string> = { pending: 'orange', verified: 'green', rejected: 'red' };
