// REST compatibility routes of spec section 7 for wishlists.
import { Router } from 'express';
import type { WishlistItem as WishlistItemRecord } from '../generated/prisma/client';
import type { RequestContext } from '../context/request-context';
import { loadRequired } from '../context/load-required';
import { requiredQuery, sameEmail, typedBody } from '../rest/query';
import { contextOf } from '../context/http';
import { forbidden } from '../shared/errors';
import { requireViewer } from '../context/caller';

/** The spec's wishlist document, its propertyInfo joined in from the live records. */
export async function toWishlistJson(item: WishlistItemRecord, { loaders }: Pick<RequestContext, 'loaders'>) {
  const [user, property] = await Promise.all([loadRequired(loaders.userById, item.userId, 'user'), loadRequired(loaders.propertyById, item.propertyId, 'property')]);
  const agent = await loadRequired(loaders.userById, property.agentId, 'agent');
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

export function wishlistRouter(): Router {
  const router = Router();

  // Payload: userEmail, propertyId, propertyInfo{...}. Only propertyId is used;
  // the owner is the caller and the property info comes from the property.
  router.post('/wishlist', async (req, res) => {
    const context = contextOf(req);
    const viewer = requireViewer(context.caller, ['user']);
    const body = typedBody(req, { propertyId: 'string', userEmail: 'string' });
    if (!sameEmail(body.userEmail, viewer.email)) throw forbidden('You can only add to your own wishlist.');
    const item = await context.services.wishlist.add(context.caller, String(body.propertyId ?? ''));
    res.status(201).json({ insertedId: item.id, ...(await toWishlistJson(item, context)) });
  });

  router.get('/wishlist', async (req, res) => {
    const context = contextOf(req);
    const items = await context.services.wishlist.listByEmail(context.caller, requiredQuery(req, 'email'));
    res.json(await Promise.all(items.map((item) => toWishlistJson(item, context))));
  });

  router.delete('/wishlist/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.wishlist.remove(caller, req.params.id);
    res.json({ deletedCount: 1 });
  });

  router.get('/wishlist-item/:id', async (req, res) => {
    const context = contextOf(req);
    const item = await context.services.wishlist.get(context.caller, req.params.id);
    const { propertyInfo, propertyId, _id } = await toWishlistJson(item, context);
    res.json({ _id, propertyId, propertyInfo });
  });

  return router;
}
