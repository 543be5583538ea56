// REST compatibility routes of spec section 7 for reviews.
import { Router } from 'express';
import { requireViewer } from '../context/caller';
import type { Review as ReviewRecord } from '../generated/prisma/client';
import type { RequestContext } from '../context/request-context';
import { loadRequired } from '../context/load-required';
import { queryString, sameEmail, typedBody } from '../rest/query';
import { contextOf } from '../context/http';
import { forbidden } from '../shared/errors';

/** The spec's review document, reviewer and property details joined in. */
export async function toReviewJson(review: ReviewRecord, { loaders }: Pick<RequestContext, 'loaders'>) {
  const [reviewer, property] = await Promise.all([loadRequired(loaders.userById, review.userId, 'reviewer'), loadRequired(loaders.propertyById, review.propertyId, 'property')]);
  const agent = await loadRequired(loaders.userById, property.agentId, 'agent');
  return {
    _id: review.id,
    propertyId: property.id,
    userEmail: reviewer.email,
    userName: reviewer.name,
    userPhoto: reviewer.image ?? undefined,
    title: property.title,
    agentName: agent.name,
    reviewText: review.text,
    role: reviewer.role,
    createdAt: review.createdAt.toISOString(),
  };
}

const toJsonList = (reviews: ReviewRecord[], context: RequestContext) => Promise.all(reviews.map((review) => toReviewJson(review, context)));

export function reviewsRouter(): Router {
  const router = Router();

  // Payload: propertyId, userEmail, userName, userPhoto, title, agentName, reviewText, role.
  // Only propertyId and reviewText are used; the reviewer is the caller.
  router.post('/reviews', async (req, res) => {
    const context = contextOf(req);
    const viewer = requireViewer(context.caller, ['user']);
    const body = typedBody(req, { propertyId: 'string', reviewText: 'string', userEmail: 'string' });
    if (!sameEmail(body.userEmail, viewer.email)) throw forbidden('You can only review as yourself.');
    const review = await context.services.reviews.add(context.caller, String(body.propertyId ?? ''), body.reviewText);
    res.status(201).json({ insertedId: review.id, ...(await toReviewJson(review, context)) });
  });

  router.get('/reviews/latest', async (req, res) => {
    const context = contextOf(req);
    const limit = queryString(req, 'limit');
    res.json(await toJsonList(await context.services.reviews.latest(limit === undefined ? undefined : Number(limit)), context));
  });

  router.get('/reviews/:propertyId', async (req, res) => {
    const context = contextOf(req);
    res.json(await toJsonList(await context.services.reviews.listForProperty(context.caller, req.params.propertyId), context));
  });

  router.get('/my-reviews/:email', async (req, res) => {
    const context = contextOf(req);
    res.json(await toJsonList(await context.services.reviews.listByEmail(context.caller, req.params.email), context));
  });

  router.delete('/reviews/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.reviews.remove(caller, req.params.id);
    res.json({ deletedCount: 1 });
  });

  router.get('/admin/reviews', async (req, res) => {
    const context = contextOf(req);
    const page = await context.services.reviews.listAll(context.caller, { first: 1000, after: queryString(req, 'cursor') });
    if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) res.setHeader('X-Next-Cursor', page.pageInfo.endCursor);
    res.json(await toJsonList(page.nodes, context));
  });

  router.delete('/admin/reviews/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    requireViewer(caller, ['admin']);
    await services.reviews.remove(caller, req.params.id);
    res.json({ deletedCount: 1 });
  });

  return router;
}
