// REST routes of spec section 7 for wishlists.
import { requireViewer } from '../context/caller';
import { loadListingWithAgent, loadRequired } from '../context/load-required';
import type { RequestContext } from '../context/request-context';
import type { WishlistItem as WishlistItemRecord } from '../generated/prisma/client';
import { absentWhenNone, dateTime, DeletedCount, email, id, priceOrNoLongerListed, PROPERTY_STATUSES, idParams } from '../rest/answers';
import { ignored, jsonBody, sameEmail, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { wishlistAccess } from './wishlist.access';
import { listByEmail } from '../rest/route-kinds';
import { z } from '../rest/zod';
import { forbidden } from '../shared/errors';

const route = routesOf(wishlistAccess);

const PropertyInfoJson = z
  .strictObject({
    title: z.string(),
    image: z.string(),
    location: z.string(),
    agentName: z.string(),
    agentImage: absentWhenNone('the agent has no photo'),
    agentEmail: email,
    propertyStatus: z.enum(PROPERTY_STATUSES),
    priceMin: priceOrNoLongerListed,
    priceMax: priceOrNoLongerListed,
  })
  .openapi('PropertyInfo', {
    description:
      'The wishlisted property as it is now, joined from the property and its agent (never what a client sent). A listing no longer listed (rejected, deleted, its agent marked as fraud) keeps only its title and agent: image and location are empty, prices 0, propertyStatus rejected.',
  });

const WishlistItemJson = z
  .strictObject({ _id: id, userEmail: email, propertyId: id, propertyInfo: PropertyInfoJson, createdAt: dateTime })
  .openapi('WishlistItem', { description: 'A wishlist item (spec section 3).' });

/** The spec's wishlist document, its propertyInfo joined in from the live records. */
export async function toWishlistJson(item: WishlistItemRecord, { loaders }: Pick<RequestContext, 'loaders'>): Promise<z.input<typeof WishlistItemJson>> {
  const [user, { property, agent }] = await Promise.all([loadRequired(loaders.userById, item.userId, 'user'), loadListingWithAgent(loaders, item.propertyId)]);
  return {
    _id: item.id,
    userEmail: user.email,
    propertyId: property.id,
    propertyInfo: {
      title: property.title,
      image: property.image,
      location: property.location,
      agentName: agent.name,
      agentImage: agent.image ?? undefined,
      agentEmail: agent.email,
      propertyStatus: property.status,
      priceMin: Number(property.priceMin.toFixed(2)),
      priceMax: Number(property.priceMax.toFixed(2)),
    },
    createdAt: item.createdAt.toISOString(),
  };
}

export const wishlistRoutes: ApiRoute[] = [
  // Payload: userEmail, propertyId, propertyInfo{...}. Only propertyId is used;
  // the owner is the caller and the property info comes from the property.
  route('POST /wishlist', 'addToWishlist', {
    summary: 'Wishlist a verified listing (users)',
    description: 'Only propertyId is used; the owner is the caller. 409 when it is already in the wishlist.',
    body: {
      kind: 'json',
      schema: jsonBody('WishlistInput', {
        propertyId: text({ required: true, format: 'uuid' }),
        userEmail: text({ description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' }),
        propertyInfo: ignored('joined from the property as it is now.'),
      }),
    },
    success: { status: 201, description: 'The item and its id.', schema: z.strictObject({ ...WishlistItemJson.shape, insertedId: id }) },
    refusals: [403, 404, 409],
    async handler({ body, context }) {
      if (!sameEmail(body.userEmail, requireViewer(context.caller).email)) throw forbidden('You can only add to your own wishlist.');
      const item = await context.services.wishlist.add(context.caller, String(body.propertyId ?? ''));
      return { insertedId: item.id, ...(await toWishlistJson(item, context)) };
    },
  }),

  route('GET /wishlist?email={email}', 'listWishlist', listByEmail('query', {
    summary: 'An account’s wishlist, newest first',
    answer: { description: 'The items (of listings still visible).', schema: z.array(WishlistItemJson) },
    list: async (context, email) => Promise.all((await context.services.wishlist.listByEmail(context.caller, email)).map((item) => toWishlistJson(item, context))),
  })),

  route('DELETE /wishlist/{id}', 'removeFromWishlist', {
    summary: 'Remove one’s own wishlist item (users)',
    params: idParams,
    success: { status: 200, description: 'Removed.', schema: DeletedCount },
    refusals: [403, 404],
    async handler({ params, context: { caller, services } }) {
      await services.wishlist.remove(caller, params.id);
      return { deletedCount: 1 };
    },
  }),

  route('GET /wishlist-item/{id}', 'getWishlistItem', {
    summary: 'One’s own wishlist item, for the make-offer page (users)',
    params: idParams,
    success: { status: 200, description: 'The item.', schema: WishlistItemJson.pick({ _id: true, propertyId: true, propertyInfo: true }) },
    refusals: [403, 404],
    async handler({ params, context }) {
      const { _id, propertyId, propertyInfo } = await toWishlistJson(await context.services.wishlist.get(context.caller, params.id), context);
      return { _id, propertyId, propertyInfo };
    },
  }),
];
