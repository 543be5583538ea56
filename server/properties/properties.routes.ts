// REST routes of spec section 7 for properties, over the properties service.
import { AMENITIES, KEYWORDS_MAX_LENGTH } from '@opennest/common/amenities';
import { DESCRIPTION_MAX_LENGTH, LOCATION_MAX_LENGTH, TITLE_MAX_LENGTH } from '@opennest/common/validation/property';
import type { RequestContext } from '../context/request-context';
import type { Property as PropertyRecord } from '../generated/prisma/client';
import {
  absentWhenNone,
  count,
  cursorParam,
  dateTime,
  email,
  id,
  IMAGE_URL_FIELD,
  ModifiedCount,
  ModifiedWithMessage,
  nextCursorHeader,
  price,
  PROPERTY_STATUSES,
  idParams,
  sendNextCursor,
} from '../rest/answers';
import { amount, ignored, jsonBody, oneOf, optionalChoiceParam, optionalParam, pageSizeParam, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { propertiesAccess } from './properties.access';
import { listByEmail } from '../rest/route-kinds';
import { z } from '../rest/zod';
import { SEARCH_MAX_LENGTH, type PropertySort } from './properties.service';
import { MAX_PLACE_SUGGESTIONS } from './places';
import { PLACE_KINDS } from '@opennest/common/address';

const route = routesOf(propertiesAccess);

export const PropertyJson = z
  .strictObject({
    _id: id,
    title: z.string(),
    location: z.string(),
    image: z.string(),
    description: absentWhenNone('none was given'),
    priceMin: price,
    priceMax: price,
    agentName: z.string(),
    agentEmail: email,
    agentImage: absentWhenNone('the agent has no photo'),
    status: z.enum(PROPERTY_STATUSES),
    isAdvertised: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .openapi('Property', { description: 'A property listing (spec section 3). agentName, agentEmail and agentImage come from the agent’s record.' });

type PropertyAnswer = z.input<typeof PropertyJson>;

const PlaceJson = z
  .strictObject({
    kind: z.enum(PLACE_KINDS),
    name: z.string(),
    within: z.string().nullable(),
    countryCode: z.string().nullable(),
    listedCount: z.number().int(),
    filter: z.string(),
  })
  .openapi('Place', { description: 'An area, city or postcode district with listed homes (issue 19).' });

/**
 * The spec's property document. Prices are JSON numbers, as legacy callers
 * expect: NUMERIC(14,2) values have at most 14 significant digits, which a
 * double holds and prints back exactly.
 */
export async function toPropertyJson(property: PropertyRecord, { loaders }: Pick<RequestContext, 'loaders'>): Promise<PropertyAnswer> {
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

/** The fields an agent sets; status, agent and dates are the server's. */
const propertyFields = {
  title: text({ required: true, minLength: 1, maxLength: TITLE_MAX_LENGTH }),
  location: text({ required: true, minLength: 1, maxLength: LOCATION_MAX_LENGTH }),
  image: text(IMAGE_URL_FIELD),
  description: text({ maxLength: DESCRIPTION_MAX_LENGTH }),
  priceMin: amount({ required: true, description: 'At least 1.' }),
  priceMax: amount({ required: true, description: 'At least priceMin (and 1).' }),
  agentName: ignored('the agent is the caller.'),
  agentEmail: ignored('the agent is the caller.'),
  agentImage: ignored('the agent is the caller.'),
  status: ignored('new properties are pending; an update keeps the status; admins decide through PUT /properties/status/{id}.'),
  isAdvertised: ignored('only admins advertise, through PATCH /properties/advertise/{id}.'),
  createdAt: ignored('set by the server.'),
  updatedAt: ignored('set by the server.'),
};

type PropertyFields = z.output<z.ZodObject<typeof propertyFields>>;

/** What the service is given: only the fields a client may set. */
const editable = (body: PropertyFields) => ({
  title: body.title,
  location: body.location,
  image: body.image,
  description: body.description ?? undefined,
  priceMin: body.priceMin,
  priceMax: body.priceMax,
});

const SORTS: Record<string, PropertySort> = { newest: 'NEWEST', asc: 'PRICE_ASC', 'price-asc': 'PRICE_ASC', desc: 'PRICE_DESC', 'price-desc': 'PRICE_DESC', relevance: 'RELEVANCE' };
const search = (description: string) => optionalParam({ maxLength: 100, param: { description } });
export const propertyRoutes: ApiRoute[] = [
  route('POST /properties', 'addProperty', {
    summary: 'Add a listing (agents)',
    description: 'Created pending, not advertised, owned by the caller. Status, agent and dates in the body are ignored.',
    body: { kind: 'json', schema: jsonBody('PropertyInput', { ...propertyFields, image: text({ ...IMAGE_URL_FIELD, required: true, minLength: 1, description: 'Required for a new listing.' }) }) },
    success: { status: 201, description: 'The new listing and its id.', schema: z.strictObject({ ...PropertyJson.shape, insertedId: id }) },
    refusals: [403],
    async handler({ body, context }) {
      const property = await context.services.properties.add(context.caller, editable(body));
      return { insertedId: property.id, ...(await toPropertyJson(property, context)) };
    },
  }),

  // An agent's own listings (admins: anyone's). The e-mail must be the caller's own otherwise.
  route('GET /properties?email={email}', 'listPropertiesByAgent', listByEmail('query', {
    summary: 'An agent’s live listings, newest first',
    answer: { description: 'The listings.', schema: z.array(PropertyJson) },
    list: async (context, email) => toJsonList(await context.services.properties.listByAgentEmail(context.caller, email), context),
  })),

  route('GET /properties/verified', 'listVerifiedProperties', {
    summary: 'Verified listings: searched by location, sorted, paged',
    query: z.object({
      sort: optionalChoiceParam(['newest', 'asc', 'price-asc', 'desc', 'price-desc', 'relevance'], 'must be one of newest, asc, desc, relevance.', {
        param: { description: 'newest (default), asc/price-asc or desc/price-desc by priceMin, relevance (best keyword matches first); once.' },
      }),
      search: search('Case-insensitive substring of the location (at most 100 characters); once.'),
      location: search('Same as search (used when search is absent); once.'),
      keywords: optionalParam({ maxLength: KEYWORDS_MAX_LENGTH, param: { description: 'Words of the title, description and amenities, in web-search syntax ("a phrase", -word, or); at most 200 characters; once.' } }),
      amenities: optionalParam({ param: { description: `Comma-separated amenities the listing must all have (${AMENITIES.join(', ')}); once.` } }),
      limit: pageSizeParam(24, 48),
      cursor: cursorParam,
    }),
    success: { status: 200, description: 'One page.', schema: z.array(PropertyJson), headers: nextCursorHeader },
    refusals: [403],
    async handler({ query, res, context }) {
      const page = await context.services.properties.listVerified(context.caller, {
        search: query.search ?? query.location,
        // The service checks them (400 with its message for an unknown amenity or overlong keywords).
        filter: { keywords: query.keywords, amenities: query.amenities?.split(',').filter(Boolean) },
        sort: query.sort === undefined ? 'NEWEST' : SORTS[query.sort],
        first: query.limit,
        after: query.cursor,
      }, context.loaders);
      sendNextCursor(res, page);
      return toJsonList(page.nodes, context);
    },
  }),

  route('GET /places', 'placeSuggestions', {
    spec: false,
    summary: 'Places with listed homes like a text (autocomplete)',
    description: 'Areas, cities and postcode districts, best first. Text with no letter or digit finds nothing. filter is the value of the All Properties place filter.',
    query: z.object({
      q: optionalParam({ param: { description: `What was typed; longer than ${SEARCH_MAX_LENGTH} characters finds nothing; once.` } }),
      limit: pageSizeParam(8, MAX_PLACE_SUGGESTIONS),
    }),
    success: { status: 200, description: 'The places.', schema: z.array(PlaceJson) },
    refusals: [403],
    handler: async ({ query, context }) => context.services.properties.placeSuggestions(context.caller, query.q ?? '', query.limit),
  }),

  route('GET /properties/advertised', 'listAdvertisedProperties', {
    summary: 'Advertised listings for the home page, newest first (no sign-in)',
    keptForAnonymousCallers: true,
    query: z.object({ limit: pageSizeParam(12, 24) }),
    success: { status: 200, description: 'The listings.', schema: z.array(PropertyJson) },
    handler: async ({ query, context }) => toJsonList(await context.services.properties.listAdvertised(query.limit), context),
  }),

  route('GET /all-properties', 'listAllProperties', {
    summary: 'Every live listing, newest first (admins)',
    query: z.object({
      status: optionalChoiceParam(PROPERTY_STATUSES, 'must be pending, verified or rejected.', { param: { description: 'Only this status; once.' } }),
      limit: pageSizeParam(1000, 1000),
      cursor: cursorParam,
    }),
    success: { status: 200, description: 'One page.', schema: z.array(PropertyJson), headers: nextCursorHeader },
    refusals: [403],
    async handler({ query, res, context }) {
      const page = await context.services.properties.listAll(context.caller, { status: query.status, first: query.limit, after: query.cursor });
      sendNextCursor(res, page);
      return toJsonList(page.nodes, context);
    },
  }),

  route('PATCH /properties/advertise/{id}', 'advertiseProperty', {
    summary: 'Advertise a verified listing (admins)',
    description: '409 when the listing is not verified or already advertised. There is no way back.',
    params: idParams,
    success: { status: 200, description: 'Advertised; message is the dialog text.', schema: ModifiedWithMessage },
    refusals: [403, 404, 409],
    async handler({ params, context: { caller, services } }) {
      await services.properties.advertise(caller, params.id);
      return { modifiedCount: 1, message: 'Property advertised successfully!' };
    },
  }),

  route('PUT /properties/status/{id}', 'reviewProperty', {
    summary: 'Verify or reject a pending listing (admins)',
    description: '409 unless the listing is pending.',
    params: idParams,
    body: { kind: 'json', schema: jsonBody('StatusDecision', { status: oneOf(['verified', 'rejected']) }) },
    success: { status: 200, description: 'Changed.', schema: ModifiedCount },
    refusals: [403, 404, 409],
    async handler({ params, body, context: { caller, services } }) {
      await services.properties.review(caller, params.id, body.status);
      return { modifiedCount: 1 };
    },
  }),

  route('GET /properties/{id}', 'getProperty', {
    summary: 'One listing',
    description: 'Verified listings for everyone signed in; others only for their agent and admins (404 for anyone else, as if missing). Counts a view for the agent’s numbers, as the details page’s GraphQL read does.',
    params: idParams,
    success: { status: 200, description: 'The listing.', schema: PropertyJson },
    refusals: [403, 404],
    handler: async ({ params, context }) =>
      toPropertyJson(await context.services.properties.openDetails(context.caller, params.id, context.loaders, context), context),
  }),

  route('GET /properties/{id}/similar', 'listSimilarProperties', {
    spec: false,
    summary: 'Up to 6 similar listings (the details page’s similar homes)',
    description: 'Buyers can see them, not sold, the same type, bedrooms within one, price ranges overlapping this one’s widened by 20 %; the same area first, then the same city; nearest in price first. 404 as for GET /properties/{id}.',
    params: idParams,
    success: { status: 200, description: 'The listings (empty for a listing without a type or a city).', schema: z.array(PropertyJson) },
    refusals: [403, 404],
    handler: async ({ params, context }) => toJsonList(await context.services.properties.similar(context.caller, params.id, context.loaders), context),
  }),

  route('PUT /properties/{id}', 'updateProperty', {
    summary: 'Edit one’s own listing (agents)',
    description: 'The status is kept; status, agent and dates in the body are ignored. 409 for a rejected listing.',
    params: idParams,
    body: { kind: 'json', schema: jsonBody('PropertyUpdateInput', propertyFields, { description: 'image is optional: without it the current image is kept.' }) },
    success: { status: 200, description: 'The listing as stored now.', schema: z.strictObject({ ...PropertyJson.shape, modifiedCount: z.literal(1) }) },
    refusals: [403, 404, 409],
    async handler({ params, body, context }) {
      const property = await context.services.properties.update(context.caller, params.id, editable(body));
      return { modifiedCount: 1, ...(await toPropertyJson(property, context)) };
    },
  }),

  route('DELETE /properties/{id}', 'deleteProperty', {
    summary: 'Remove one’s own listing (agents)',
    description: 'Its pending offers are rejected and its wishlist entries removed. 409 while an offer on it is accepted or bought.',
    params: idParams,
    success: {
      status: 200,
      description: 'Removed.',
      schema: z.strictObject({ deletedCount: z.literal(1), rejectedOfferCount: count('Pending offers rejected.'), removedWishlistItemCount: count('Wishlist entries removed.') }),
    },
    refusals: [403, 404, 409],
    async handler({ params, context: { caller, services } }) {
      const { rejectedOfferCount, removedWishlistItemCount } = await services.properties.remove(caller, params.id);
      return { deletedCount: 1, rejectedOfferCount, removedWishlistItemCount };
    },
  }),
];
