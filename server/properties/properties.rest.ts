// REST compatibility routes of spec section 7 for properties, over the properties service.
import { Router, type Request, type Response } from 'express';
import type { Property as PropertyRecord } from '../generated/prisma/client';
import { requireViewer } from '../context/caller';
import type { RequestContext } from '../context/request-context';
import { bodyObject, queryString, typedBody, type BodyFieldType } from '../rest/query';
import { contextOf } from '../context/http';
import { badInput } from '../shared/errors';
import type { PropertySort } from './properties.service';

const SORT_ALIASES: Record<string, PropertySort> = {
  newest: 'NEWEST',
  asc: 'PRICE_ASC',
  'price-asc': 'PRICE_ASC',
  desc: 'PRICE_DESC',
  'price-desc': 'PRICE_DESC',
};

/**
 * The spec's property document. Prices are JSON numbers, as legacy callers
 * expect: NUMERIC(14,2) values have at most 14 significant digits, which a
 * double holds and prints back exactly.
 */
export async function toPropertyJson(property: PropertyRecord, { loaders }: Pick<RequestContext, 'loaders'>) {
  const agent = await loaders.userById.load(property.agentId);
  return {
    _id: property.id,
    title: property.title,
    location: property.location,
    image: property.image,
    description: property.description ?? undefined,
    priceMin: Number(property.priceMin.toFixed(2)),
    priceMax: Number(property.priceMax.toFixed(2)),
    agentName: agent?.name ?? '',
    agentEmail: agent?.email ?? '',
    agentImage: agent?.image ?? undefined,
    status: property.status,
    isAdvertised: property.isAdvertised,
    createdAt: property.createdAt.toISOString(),
    updatedAt: property.updatedAt.toISOString(),
  };
}

const toJsonList = (properties: PropertyRecord[], context: RequestContext) => Promise.all(properties.map((property) => toPropertyJson(property, context)));

const EDITABLE_TYPES: Record<string, BodyFieldType> = { title: 'string', location: 'string', image: 'string', description: 'string', priceMin: 'amount', priceMax: 'amount' };

/** Only the fields a client may set; status, agent and dates are the server's. */
const editableFields = (req: Request) => {
  const body = typedBody(req, EDITABLE_TYPES);
  return {
    title: body.title,
    location: body.location,
    image: body.image,
    description: body.description ?? undefined,
    priceMin: body.priceMin,
    priceMax: body.priceMax,
  };
};

function limitParam(req: Request, fallback: number, max: number): number {
  const raw = queryString(req, 'limit');
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw badInput(`"limit" must be an integer from 1 to ${max}.`);
  return limit;
}

function sendPage(res: Response, page: { pageInfo: { endCursor: string | null; hasNextPage: boolean } }) {
  if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) res.setHeader('X-Next-Cursor', page.pageInfo.endCursor);
}

export function propertiesRouter(): Router {
  const router = Router();

  router.post('/properties', async (req, res) => {
    const context = contextOf(req);
    requireViewer(context.caller, ['agent']); // who may, before what they sent
    const property = await context.services.properties.add(context.caller, editableFields(req));
    res.status(201).json({ insertedId: property.id, ...(await toPropertyJson(property, context)) });
  });

  // An agent's own listings (admins: anyone's). The e-mail must be the caller's own otherwise.
  router.get('/properties', async (req, res) => {
    const context = contextOf(req);
    const email = queryString(req, 'email');
    if (!email) throw badInput('Query parameter "email" is required.');
    res.json(await toJsonList(await context.services.properties.listByAgentEmail(context.caller, email), context));
  });

  router.get('/properties/verified', async (req, res) => {
    const context = contextOf(req);
    const sortParam = queryString(req, 'sort');
    const sort = sortParam === undefined ? 'NEWEST' : SORT_ALIASES[sortParam];
    if (!sort) throw badInput('"sort" must be one of newest, asc, desc.');
    const page = await context.services.properties.listVerified(context.caller, {
      search: queryString(req, 'search') ?? queryString(req, 'location'),
      sort,
      first: limitParam(req, 24, 48),
      after: queryString(req, 'cursor'),
    });
    sendPage(res, page);
    res.json(await toJsonList(page.nodes, context));
  });

  router.get('/properties/advertised', async (req, res) => {
    const context = contextOf(req);
    res.json(await toJsonList(await context.services.properties.listAdvertised(limitParam(req, 12, 24)), context));
  });

  router.get('/all-properties', async (req, res) => {
    const context = contextOf(req);
    const status = queryString(req, 'status');
    if (status !== undefined && !['pending', 'verified', 'rejected'].includes(status)) throw badInput('"status" must be pending, verified or rejected.');
    const page = await context.services.properties.listAll(context.caller, {
      status: status as 'pending' | 'verified' | 'rejected' | undefined,
      first: limitParam(req, 1000, 1000),
      after: queryString(req, 'cursor'),
    });
    sendPage(res, page);
    res.json(await toJsonList(page.nodes, context));
  });

  router.patch('/properties/advertise/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.properties.advertise(caller, req.params.id);
    res.json({ modifiedCount: 1, message: 'Property advertised successfully!' });
  });

  router.put('/properties/status/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    const status = bodyObject(req).status;
    if (status !== 'verified' && status !== 'rejected') throw badInput('"status" must be "verified" or "rejected".');
    await services.properties.review(caller, req.params.id, status);
    res.json({ modifiedCount: 1 });
  });

  router.get('/properties/:id', async (req, res) => {
    const context = contextOf(req);
    res.json(await toPropertyJson(await context.services.properties.getVisible(context.caller, req.params.id), context));
  });

  router.put('/properties/:id', async (req, res) => {
    const context = contextOf(req);
    requireViewer(context.caller, ['agent']);
    const property = await context.services.properties.update(context.caller, req.params.id, editableFields(req));
    res.json({ modifiedCount: 1, ...(await toPropertyJson(property, context)) });
  });

  router.delete('/properties/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    const result = await services.properties.remove(caller, req.params.id);
    res.json({ deletedCount: 1, rejectedOfferCount: result.rejectedOfferCount, removedWishlistItemCount: result.removedWishlistItemCount });
  });

  return router;
}
