// The sizes the cards and the gallery give the browser, against the widths the grids draw them at.
import { cardGridColumns, GALLERY_SIZES, gridImageSizes } from './image-sizes';

describe('gridImageSizes', () => {
  it('gives the home grid a quarter of the page on large screens, half on medium, all on phones', () => {
    expect(gridImageSizes(cardGridColumns.home)).toBe('(min-width: 80em) 320px, (min-width: 64em) 25vw, (min-width: 48em) 50vw, 100vw');
  });

  it('gives the All Properties grid a third of the page on large screens', () => {
    expect(gridImageSizes(cardGridColumns.all)).toBe('(min-width: 80em) 427px, (min-width: 64em) 34vw, (min-width: 48em) 50vw, 100vw');
  });

  it('never asks a phone for less than its full width (a card spans it)', () => {
    expect(gridImageSizes({ base: 1, md: 3, lg: 6 }).split(', ').at(-1)).toBe('100vw');
  });
});

describe('GALLERY_SIZES', () => {
  it('switches at the same breakpoint (lg, 64em) as the details page grid', () => {
    expect(GALLERY_SIZES).toBe('(min-width: 72em) 692px, (min-width: 64em) 60vw, 100vw');
  });
});
