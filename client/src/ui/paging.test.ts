// A paged list's header count: of the rows shown, and said to be the newest while more pages are left.
import { shownCount } from './paging';

describe('shownCount', () => {
  it('counts the rows shown, in the noun’s number', () => {
    expect(shownCount(['a'], { hasMore: false }, 'offer')).toBe('1 offer');
    expect(shownCount(['a', 'b', 'c'], { hasMore: false }, 'property', 'properties')).toBe('3 properties');
  });

  it('says they are the newest while more pages are left to load', () => {
    expect(shownCount(Array(20).fill('row'), { hasMore: true }, 'offer')).toBe('The newest 20 offers');
  });

  it('says nothing before the first answer or for an empty list (its empty notice speaks)', () => {
    expect(shownCount(undefined, { hasMore: false }, 'offer')).toBeUndefined();
    expect(shownCount([], { hasMore: false }, 'offer')).toBeUndefined();
  });
});
