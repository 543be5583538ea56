// The domains' cache helpers drop the answers of the documents they name (every
// argument set), leave other answers alone, and keep typed list updates typed.
import { PropertyReviewsDocument, LatestReviewsDocument, MyReviewsDocument, type ReviewFieldsFragment } from '../reviews/reviews.generated';
import { MyWishlistDocument, MyWishlistItemForDocument, type WishlistItemFieldsFragment } from '../wishlist/wishlist.generated';
import { evictListsGainingReview, evictReviewLists, forgetReview } from '../reviews/reviews.cache';
import { forgetWishlistItem, prependToWishlist } from '../wishlist/wishlist.cache';
import { NO_FACTS } from '@opennest/common/property-facts';
import { createCache } from './apollo';
import { evictQuery } from './cache-eviction';

const review = (id: string): ReviewFieldsFragment & { __typename: 'Review' } => ({
  __typename: 'Review',
  id,
  text: `Review ${id}`,
  createdAt: '2026-11-21T00:00:00.000Z',
  property: { __typename: 'Property', id: 'p1', title: 'Palm Court', noLongerListed: false } as ReviewFieldsFragment['property'],
  reviewer: { __typename: 'UserSummary', id: 'u1', name: 'Bushra', image: null } as ReviewFieldsFragment['reviewer'],
});

function cacheWithReviews() {
  const cache = createCache();
  cache.writeQuery({ query: LatestReviewsDocument, data: { latestReviews: [review('r1'), review('r2')] } });
  cache.writeQuery({ query: MyReviewsDocument, data: { myReviews: [review('r1')] } });
  cache.writeQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p1' }, data: { propertyReviews: [review('r1'), review('r2')] } });
  cache.writeQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p2' }, data: { propertyReviews: [] } });
  return cache;
}

const ids = (list: Array<{ id: string }> | undefined) => list?.map((item) => item.id);

describe('cache helpers', () => {
  it('evictQuery drops a document’s answer for every argument set and nothing else', () => {
    const cache = cacheWithReviews();
    evictQuery(cache, PropertyReviewsDocument);
    expect(cache.readQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p1' } })).toBeNull();
    expect(cache.readQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p2' } })).toBeNull();
    expect(ids(cache.readQuery({ query: LatestReviewsDocument })?.latestReviews)).toEqual(['r1', 'r2']);
  });

  it('a new review makes the latest and the author’s lists stale, not the property’s (it refetches itself)', () => {
    const cache = cacheWithReviews();
    evictListsGainingReview(cache);
    expect(cache.readQuery({ query: LatestReviewsDocument })).toBeNull();
    expect(cache.readQuery({ query: MyReviewsDocument })).toBeNull();
    expect(ids(cache.readQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p1' } })?.propertyReviews)).toEqual(['r1', 'r2']);
  });

  it('a deleted review leaves every list that held it', () => {
    const cache = cacheWithReviews();
    forgetReview(cache, 'r1');
    cache.gc();
    expect(ids(cache.readQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p1' } })?.propertyReviews)).toEqual(['r2']);
    expect(ids(cache.readQuery({ query: MyReviewsDocument })?.myReviews)).toEqual([]);
    expect(cache.readQuery({ query: LatestReviewsDocument })).toBeNull();
  });

  it('an account change makes every review list stale', () => {
    const cache = cacheWithReviews();
    evictReviewLists(cache);
    expect(cache.readQuery({ query: LatestReviewsDocument })).toBeNull();
    expect(cache.readQuery({ query: MyReviewsDocument })).toBeNull();
    expect(cache.readQuery({ query: PropertyReviewsDocument, variables: { propertyId: 'p2' } })).toBeNull();
  });

  it('a wishlisted property goes first in a cached wishlist, and a removed item leaves it', () => {
    const item = (id: string, propertyId: string) =>
      ({
        __typename: 'WishlistItem',
        id,
        createdAt: '2026-11-21T00:00:00.000Z',
        property: {
          __typename: 'Property',
          id: propertyId,
          title: `Property ${propertyId}`,
          noLongerListed: false,
          location: 'Dhaka',
          image: '/uploads/a.jpg',
          thumbnail: '/uploads/a-thumb.jpg',
          cover: { __typename: 'Photo', url: '/uploads/a.jpg', thumbnail: '/uploads/a-thumb.jpg', srcsetWebp: null, srcsetJpeg: null, alt: `Property ${propertyId}` },
          priceMin: '100.00',
          priceMax: '200.00',
          status: 'verified',
          isAdvertised: false,
          saleState: 'available',
          ...NO_FACTS,
          amenities: [],
          description: null,
          nextOpenHouse: null,
          createdAt: '2026-11-21T00:00:00.000Z',
          updatedAt: '2026-11-21T00:00:00.000Z',
          agent: { __typename: 'UserSummary', id: 'a1', name: 'Ada', email: 'agent@opennest.test', image: null },
        },
      }) as WishlistItemFieldsFragment;
    const cache = createCache();
    prependToWishlist(cache, item('w0', 'p0'));
    expect(cache.readQuery({ query: MyWishlistDocument })).toBeNull();

    const firstPage = { __typename: 'WishlistConnection' as const, nodes: [item('w1', 'p1')], pageInfo: { __typename: 'PageInfo' as const, endCursor: 'c1', hasNextPage: true } };
    cache.writeQuery({ query: MyWishlistDocument, data: { myWishlist: firstPage } });
    prependToWishlist(cache, item('w2', 'p2'));
    expect(ids(cache.readQuery({ query: MyWishlistDocument })?.myWishlist.nodes)).toEqual(['w2', 'w1']);
    // The loaded pages keep their place in the list (the next page still follows the same cursor).
    expect(cache.readQuery({ query: MyWishlistDocument })?.myWishlist.pageInfo).toEqual(firstPage.pageInfo);
    // The property's details page knows it is wishlisted without asking.
    expect(cache.readQuery({ query: MyWishlistItemForDocument, variables: { propertyId: 'p2' } })?.myWishlistItemFor).toEqual({ __typename: 'WishlistItem', id: 'w2', property: { __typename: 'Property', id: 'p2' } });

    forgetWishlistItem(cache, 'w1');
    expect(ids(cache.readQuery({ query: MyWishlistDocument })?.myWishlist.nodes)).toEqual(['w2']);
  });
});
