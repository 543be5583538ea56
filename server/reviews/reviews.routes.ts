// REST routes of spec section 7 for reviews.
import { REVIEW_MAX_LENGTH } from '@opennest/common/validation/review';
import { requireViewer } from '../context/caller';
import { loadListingWithAgent, loadRequired } from '../context/load-required';
import type { RequestContext } from '../context/request-context';
import type { Review as ReviewRecord } from '../generated/prisma/client';
import { absentWhenNone, dateTime, DeletedCount, email, id, idParams, ROLES } from '../rest/answers';
import { ignored, jsonBody, optionalParam, sameEmail, text } from '../rest/inputs';
import { routesOf, type RouteCall, type ApiRoute } from '../rest/route';
import { reviewsAccess } from './reviews.access';
import { everyRecord, listByEmail } from '../rest/route-kinds';
import { z } from '../rest/zod';
import { forbidden } from '../shared/errors';

const route = routesOf(reviewsAccess);

const ReviewJson = z
  .strictObject({
    _id: id,
    propertyId: id,
    userEmail: email,
    userName: z.string(),
    userPhoto: absentWhenNone('the reviewer has no photo'),
    title: z.string(),
    agentName: z.string(),
    reviewText: z.string(),
    role: z.enum(ROLES),
    createdAt: dateTime,
  })
  .openapi('Review', { description: 'A review (spec section 3). title is the property’s title; reviewer fields come from the reviewer’s record.' });

/** The spec's review document, reviewer and property details joined in. */
export async function toReviewJson(review: ReviewRecord, { loaders }: Pick<RequestContext, 'loaders'>): Promise<z.input<typeof ReviewJson>> {
  const [reviewer, { property, agent }] = await Promise.all([loadRequired(loaders.userById, review.userId, 'reviewer'), loadListingWithAgent(loaders, review.propertyId)]);
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

/** Deleting a review: by its author or an admin (DELETE /reviews/{id}), or by an admin only (DELETE /admin/reviews/{id}). */
const deleteRoute = (call: RouteCall, operationId: 'deleteReview' | 'adminDeleteReview', summary: string) =>
  route(call, operationId, {
    summary,
    params: idParams,
    success: { status: 200, description: 'Deleted.', schema: DeletedCount },
    refusals: [403, 404],
    async handler({ params, context: { caller, services } }) {
      await services.reviews.remove(caller, params.id);
      return { deletedCount: 1 };
    },
  });

export const reviewRoutes: ApiRoute[] = [
  // Payload: propertyId, userEmail, userName, userPhoto, title, agentName, reviewText, role.
  // Only propertyId and reviewText are used; the reviewer is the caller.
  route('POST /reviews', 'addReview', {
    summary: 'Review a verified listing (users)',
    description: 'Only propertyId and reviewText are used; the reviewer is the caller.',
    body: {
      kind: 'json',
      schema: jsonBody('ReviewInput', {
        propertyId: text({ required: true, format: 'uuid' }),
        reviewText: text({ required: true, minLength: 1, maxLength: REVIEW_MAX_LENGTH }),
        userEmail: text({ description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' }),
        userName: ignored('from the reviewer’s record.'),
        userPhoto: ignored('from the reviewer’s record.'),
        title: ignored('the property’s title.'),
        agentName: ignored('from the property’s agent.'),
        role: ignored('the reviewer’s role.'),
        createdAt: ignored('set by the server.'),
      }),
    },
    success: { status: 201, description: 'The review and its id.', schema: z.strictObject({ ...ReviewJson.shape, insertedId: id }) },
    refusals: [403, 404],
    async handler({ body, context }) {
      if (!sameEmail(body.userEmail, requireViewer(context.caller).email)) throw forbidden('You can only review as yourself.');
      const review = await context.services.reviews.add(context.caller, String(body.propertyId ?? ''), body.reviewText);
      return { insertedId: review.id, ...(await toReviewJson(review, context)) };
    },
  }),

  route('GET /reviews/latest', 'listLatestReviews', {
    summary: 'The newest reviews of visible listings (no sign-in)',
    keptForAnonymousCallers: true,
    // The service judges the number (its message names the page size).
    query: z.object({
      limit: optionalParam()
        .transform((raw) => (raw === undefined ? undefined : Number(raw)))
        .openapi({ type: 'integer', minimum: 1, maximum: 24, default: 6, description: 'How many (default 6); once.' }),
    }),
    success: { status: 200, description: 'The reviews.', schema: z.array(ReviewJson) },
    handler: async ({ query, context }) => toJsonList(await context.services.reviews.latest(query.limit), context),
  }),

  route('GET /reviews/{propertyId}', 'listPropertyReviews', {
    summary: 'A listing’s reviews, newest first',
    description: 'For anyone who may see the listing (404 otherwise).',
    params: z.object({ propertyId: z.string().openapi({ format: 'uuid', param: { description: 'A property id (UUID). Anything else is a 400; an unknown one a 404.' } }) }),
    success: { status: 200, description: 'The reviews.', schema: z.array(ReviewJson) },
    refusals: [403, 404],
    handler: async ({ params, context }) => toJsonList(await context.services.reviews.listForProperty(context.caller, params.propertyId, context.loaders), context),
  }),

  route('GET /my-reviews/{email}', 'listReviewsByEmail', listByEmail('path', {
    summary: 'An account’s reviews, newest first',
    answer: { description: 'The reviews.', schema: z.array(ReviewJson) },
    list: async (context, email) => toJsonList(await context.services.reviews.listByEmail(context.caller, email), context),
  })),

  deleteRoute('DELETE /reviews/{id}', 'deleteReview', 'Delete a review (its author, or an admin)'),

  route('GET /admin/reviews', 'listAllReviews', everyRecord(toReviewJson, {
    summary: 'Every review, newest first (admins)',
    answer: { description: 'Up to 1000 reviews.', schema: z.array(ReviewJson) },
    page: (context, request) => context.services.reviews.listAll(context.caller, request),
  })),

  deleteRoute('DELETE /admin/reviews/{id}', 'adminDeleteReview', 'Delete any review (admins)'),
];
