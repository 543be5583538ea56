// The `sizes` attribute of responsive photos: how wide a photo is drawn at each
// viewport width, so the browser downloads the smallest copy that is sharp
// enough. Media conditions in `sizes` must be literal, so Chakra's breakpoints
// (sm 30em, md 48em, lg 64em, xl 80em) are written out here.

/** Columns of a card grid per breakpoint, as SimpleGrid takes them. */
export interface GridColumns {
  base: number;
  md: number;
  lg: number;
}

/** The card grids: the home page's advertised list, and All Properties (also wishlist, my properties). */
export const cardGridColumns = { home: { base: 1, md: 2, lg: 4 }, all: { base: 1, md: 2, lg: 3 } } as const satisfies Record<string, GridColumns>;

/** Pages are at most Chakra's 7xl (80rem = 1280 px) wide: past that a column stops growing. */
const PAGE_MAX_PX = 1280;

/** `sizes` for one column of a grid: a share of the viewport, and a fixed width once the page stops growing. */
export function gridImageSizes(columns: GridColumns): string {
  const share = (count: number) => `${Math.ceil(100 / count)}vw`;
  return [
    `(min-width: 80em) ${Math.ceil(PAGE_MAX_PX / columns.lg)}px`,
    `(min-width: 64em) ${share(columns.lg)}`,
    `(min-width: 48em) ${share(columns.md)}`,
    share(columns.base),
  ].join(', ');
}

/** The details page is at most 6xl (72rem = 1152 px) wide. */
const DETAILS_MAX_PX = 1152;

/** The details page's gallery: 3/5 of the page beside the facts on large screens, the full width below. */
export const GALLERY_SIZES = `(min-width: 72em) ${Math.ceil((DETAILS_MAX_PX * 3) / 5)}px, (min-width: 64em) 60vw, 100vw`;
