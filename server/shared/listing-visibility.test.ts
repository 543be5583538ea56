// The one visibility rule (properties/listing-visibility.ts), walked on every
// path by which a buyer reaches a listing they hold something about: their
// offer, wishlist item, conversation, review, report, the saved-search match
// notification, through GraphQL and REST. While buyers may see the listing,
// every path shows all of it; once it is rejected by moderation, deleted by its
// agent, or its agent is marked as fraud, every path shows only its title and
// "no longer listed" (no photos, history, place, price, facts), the listing
// itself cannot be opened, and its agent and admins still see all of it.
import { NO_FACTS } from '@opennest/common/property-facts';
import { createListing, okData, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { waitFor } from '../test/mailbox';
import type { TestApp } from '../test/test-app';

let app: TestApp;
let admin: Account;

beforeAll(async () => ({ app, cast: { admin } } = await startAppWithCast(['admin'])));
afterAll(() => app?.close());

interface Held {
  agent: Account;
  buyer: Account;
  propertyId: string;
  title: string;
  offerId: string;
  wishlistItemId: string;
  conversationId: string;
  reviewId: string;
}

/**
 * A verified listing with photos, facts and history, and a buyer holding one
 * of everything about it: a saved search it matched (the notification), a
 * wishlist item, an offer, a conversation, a review and a report.
 */
async function listingTheBuyerHoldsEverythingAbout(): Promise<Held> {
  const [agent, buyer] = [await app.createUser('agent'), await app.createUser('user')];
  const term = unique('Lakeside').replace(' ', '-');
  const title = unique('Seen');
  const listing = await createListing(app, agent.user.id, {
    title,
    location: `${term} Road, Dhaka`,
    description: 'Three bedrooms facing the lake.',
    status: 'pending',
    propertyType: 'apartment',
    bedrooms: 3,
    bathrooms: 2,
    image: 'https://images.example.test/seen-1.jpg',
  });
  await app.db.propertyPhoto.createMany({ data: ['seen-1', 'seen-2'].map((name, position) => ({ propertyId: listing.id, url: `https://images.example.test/${name}.jpg`, position })) });
  okData(await app.graphql(operations.SaveSearch, { input: { name: 'By the lake', frequency: 'instant', search: term } }, buyer.idToken));
  okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
  await waitFor(async () => (await app.db.notification.findFirst({ where: { recipientId: buyer.user.id, type: 'saved_search_match', subjectId: listing.id } })) ?? undefined, { what: 'the saved-search match' });

  const wishlistItemId = okData(await app.graphql(operations.AddToWishlist, { propertyId: listing.id }, buyer.idToken)).addToWishlist.id;
  const offerId = okData(await app.graphql(operations.MakeOffer, { input: { propertyId: listing.id, offerAmount: '1500', buyingDate: `${new Date().getUTCFullYear() + 1}-06-01` } }, buyer.idToken)).makeOffer.id;
  const conversationId = okData(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Is the lake view real?' }, buyer.idToken)).contactAgent.conversation.id;
  const reviewId = okData(await app.graphql(operations.AddReview, { propertyId: listing.id, text: 'Lovely light.' }, buyer.idToken)).addReview.id;
  okData(await app.graphql(operations.ReportListing, { input: { propertyId: listing.id, reason: 'wrong_photos' } }, buyer.idToken));
  return { agent, buyer, propertyId: listing.id, title, offerId, wishlistItemId, conversationId, reviewId };
}

/** What `viewer` sees of the listing on every GraphQL path (null where the path no longer leads to it). */
async function graphqlPaths(held: Held, viewer: Account) {
  const find = <T extends { id: string }>(nodes: T[] | undefined, id: string) => nodes?.find((node) => node.id === id) ?? null;
  const [offer, myOffers, wishlistItem, conversation, conversations, myReviews, notifications] = await Promise.all([
    app.graphql(operations.SeenThroughOffer, { id: held.offerId }, viewer.idToken),
    app.graphql(operations.SeenThroughMyOffers, {}, viewer.idToken),
    app.graphql(operations.SeenThroughWishlistItem, { id: held.wishlistItemId }, viewer.idToken),
    app.graphql(operations.SeenThroughConversation, { id: held.conversationId }, viewer.idToken),
    app.graphql(operations.SeenThroughConversations, {}, viewer.idToken),
    app.graphql(operations.SeenThroughMyReviews, {}, viewer.idToken),
    app.graphql(operations.SeenThroughNotifications, {}, viewer.idToken),
  ]);
  for (const result of [offer, myOffers, wishlistItem, conversation, conversations, myReviews, notifications]) {
    // A path that no longer leads to the listing answers NOT_FOUND; anything else is a failure of the walk.
    expect(result.errors?.filter((error) => error.extensions?.code !== 'NOT_FOUND') ?? []).toEqual([]);
  }
  return {
    offer: offer.data?.offer.property ?? null,
    myOffers: find(myOffers.data?.myOffers.nodes, held.offerId)?.property ?? null,
    wishlistItem: wishlistItem.data?.wishlistItem.property ?? null,
    conversation: conversation.data?.conversation.property ?? null,
    conversations: find(conversations.data?.conversations.nodes, held.conversationId)?.property ?? null,
    myReviews: find(myReviews.data?.myReviews, held.reviewId)?.property ?? null,
    savedSearchMatch: notifications.data?.notifications.nodes.find((node) => node.type === 'saved_search_match' && node.listing?.id === held.propertyId)?.listing ?? null,
  };
}

/** The no-longer-listed view: the title and the state; every other field empty or neutral. */
const noLongerListed = (held: Held) => ({
  id: held.propertyId,
  title: held.title,
  noLongerListed: true,
  location: '',
  image: '',
  thumbnail: '',
  description: null,
  priceMin: '0.00',
  priceMax: '0.00',
  status: 'rejected',
  isAdvertised: false,
  saleState: 'available',
  ...NO_FACTS,
  daysOnOpenNest: 0,
  photos: [],
  history: [],
  cover: { url: '' },
  agent: { id: held.agent.user.id },
});

/** All of the listing, as while it is listed. */
const fullListing = (held: Held) =>
  expect.objectContaining({
    id: held.propertyId,
    title: held.title,
    noLongerListed: false,
    location: expect.stringContaining('Road, Dhaka'),
    description: 'Three bedrooms facing the lake.',
    priceMin: '1000.00',
    bedrooms: 3,
    photos: [{ url: 'https://images.example.test/seen-1.jpg' }, { url: 'https://images.example.test/seen-2.jpg' }],
    history: expect.arrayContaining([{ kind: 'verified' }]),
  });

const HIDING = {
  'rejected by moderation': async (held: Held) => okData(await app.graphql(operations.ResolveReports, { propertyId: held.propertyId, action: 'REJECT_LISTING', note: 'Photos of another flat.' }, admin.idToken)),
  'deleted by its agent': async (held: Held) => {
    // Deleting needs no open offer decision pending on it: the buyer's pending offer is rejected by the deletion.
    okData(await app.graphql(operations.DeleteProperty, { id: held.propertyId }, held.agent.idToken));
  },
  'its agent marked as fraud': async (held: Held) => okData(await app.graphql(operations.MarkUserAsFraud, { id: held.agent.user.id }, admin.idToken)),
} as const;

describe('while buyers may see the listing', () => {
  it('every path shows all of it', async () => {
    const held = await listingTheBuyerHoldsEverythingAbout();
    const seen = await graphqlPaths(held, held.buyer);
    for (const [path, listing] of Object.entries(seen)) expect({ path, listing }).toEqual({ path, listing: fullListing(held) });
    const offer = await app.rest('GET', `/api/offers/${held.offerId}`, { token: held.buyer.idToken });
    expect(offer.body).toMatchObject({ propertyTitle: held.title, propertyLocation: expect.stringContaining('Road'), propertyImage: 'https://images.example.test/seen-1.jpg' });
    const item = await app.rest('GET', `/api/wishlist-item/${held.wishlistItemId}`, { token: held.buyer.idToken });
    expect(item.body.propertyInfo).toMatchObject({ title: held.title, priceMin: 1000, propertyStatus: 'verified' });
  });
});

describe.each(Object.keys(HIDING) as Array<keyof typeof HIDING>)('once the listing is %s', (cause) => {
  let held: Held;
  beforeAll(async () => {
    held = await listingTheBuyerHoldsEverythingAbout();
    await HIDING[cause](held);
  });

  it('every GraphQL path shows the buyer only its title and that it is no longer listed', async () => {
    const seen = await graphqlPaths(held, held.buyer);
    // A deletion also removes the listing's wishlist items (README: deleting a listing), so that path is gone.
    const expected = { ...Object.fromEntries(Object.keys(seen).map((path) => [path, noLongerListed(held)])), ...(cause === 'deleted by its agent' ? { wishlistItem: null } : {}) };
    expect(seen).toEqual(expected);
  });

  it('the wishlist list leaves it out, and the listing and its reviews cannot be opened (NOT_FOUND)', async () => {
    const wishlist = okData(await app.graphql(operations.SeenThroughMyWishlist, {}, held.buyer.idToken)).myWishlist.nodes;
    expect(wishlist.map((node) => node.id)).not.toContain(held.wishlistItemId);
    for (const result of [await app.graphql(operations.SeenDirectly, { id: held.propertyId }, held.buyer.idToken), await app.graphql(operations.SeenReviews, { propertyId: held.propertyId }, held.buyer.idToken)]) {
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('the report shows its reporter the title, no place, and the listing as not listed', async () => {
    const reports = okData(await app.graphql(operations.SeenThroughMyReports, {}, held.buyer.idToken)).myReports;
    expect(reports.find((report) => report.property.id === held.propertyId)?.property).toEqual({ id: held.propertyId, title: held.title, location: '', status: 'rejected' });
  });

  it('every REST path keeps the spec’s keys, with the hidden fields empty or neutral', async () => {
    const token = held.buyer.idToken;
    const offer = await app.rest('GET', `/api/offers/${held.offerId}`, { token });
    expect(offer).toMatchObject({ status: 200, body: { _id: held.offerId, propertyId: held.propertyId, propertyTitle: held.title, propertyLocation: '', propertyImage: '', agentEmail: held.agent.email } });
    const mine = await app.rest('GET', `/api/offers/user?email=${encodeURIComponent(held.buyer.email)}`, { token });
    expect(mine.body.find((entry: { _id: string }) => entry._id === held.offerId)).toMatchObject({ propertyTitle: held.title, propertyLocation: '', propertyImage: '' });
    const reviews = await app.rest('GET', `/api/my-reviews/${encodeURIComponent(held.buyer.email)}`, { token });
    expect(reviews.body.find((entry: { _id: string }) => entry._id === held.reviewId)).toMatchObject({ propertyId: held.propertyId, title: held.title });
    const item = await app.rest('GET', `/api/wishlist-item/${held.wishlistItemId}`, { token });
    if (cause === 'deleted by its agent') expect(item.status).toBe(404);
    else {
      expect(item).toMatchObject({ status: 200, body: { propertyId: held.propertyId } });
      expect(item.body.propertyInfo).toEqual({ title: held.title, image: '', location: '', agentName: held.agent.user.name, agentEmail: held.agent.email, propertyStatus: 'rejected', priceMin: 0, priceMax: 0 });
    }
    const list = await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(held.buyer.email)}`, { token });
    expect(list.body.map((entry: { _id: string }) => entry._id)).not.toContain(held.wishlistItemId);
    expect((await app.rest('GET', `/api/properties/${held.propertyId}`, { token })).status).toBe(404);
    expect((await app.rest('GET', `/api/reviews/${held.propertyId}`, { token })).status).toBe(404);
  });

  it('its agent (unless marked as fraud) and admins still see all of it', async () => {
    const viewers = cause === 'its agent marked as fraud' ? [admin] : [held.agent, admin];
    for (const viewer of viewers) {
      const offer = okData(await app.graphql(operations.SeenThroughOffer, { id: held.offerId }, viewer.idToken)).offer.property;
      expect(offer).toMatchObject({ id: held.propertyId, noLongerListed: false, location: expect.stringContaining('Road'), photos: [{ url: 'https://images.example.test/seen-1.jpg' }, { url: 'https://images.example.test/seen-2.jpg' }] });
    }
  });
});
