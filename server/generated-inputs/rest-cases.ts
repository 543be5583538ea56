// Generated REST requests, read from the route declarations (server/<domain>/<domain>.routes.ts,
// listed in server/domains.ts): each route's path parameters, query
// parameters and body fields come from its zod schemas, so a route or a field
// added there is generated without any change here.
import fc from 'fast-check';
import type { z } from 'zod';
import type { ApiRoute } from '../rest/route';
import { anyJson, anyText, edgeAmounts, edgeDates, edgeNumbers, ids, weighted, type KnownValues } from './edge-values';
import { byEdgeRate, stringFor, validOrEdge, validString } from './graphql-cases';

export interface RestRequest {
  method: string;
  /** Under /api, with the path parameters filled in and the query string. */
  path: string;
  /** JSON (any value), a FormData for multipart routes, a string for raw ones. */
  body?: unknown;
  /** Sign a raw body as the payment provider would. */
  signed?: boolean;
}

export interface RestTarget {
  /** `METHOD /path` as declared. */
  name: string;
  route: ApiRoute;
  isWrite: boolean;
  requests(known: KnownValues): fc.Arbitrary<RestRequest>;
}

type Schema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  entries?: Record<string, string>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function restTargets(routes: readonly ApiRoute[]): RestTarget[] {
  return routes.map((route) => ({
    name: `${route.method.toUpperCase()} ${route.path}`,
    route,
    isWrite: route.method !== 'get',
    requests: (known: KnownValues) => requestsOf(route, known),
  }));
}

function requestsOf(route: ApiRoute, known: KnownValues): fc.Arbitrary<RestRequest> {
  return byEdgeRate((edgeRate) => {
    const draw = { known, edgeRate };
    const params = route.params ? objectValue(route.params, draw, 'path') : fc.constant({});
    const query = route.query ? objectValue(route.query, draw, 'query') : fc.constant({});
    return fc.tuple(params, query, bodyOf(route, draw)).map(([pathValues, queryValues, body]) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => percentEncoded(String((pathValues as Record<string, unknown>)[name] ?? '')));
      // GET requests carry no body (fetch refuses one).
      return { method: route.method.toUpperCase(), path: `${path}${queryString(queryValues as Record<string, unknown>)}`, ...(route.method === 'get' ? {} : body) };
    });
  });
}

interface Draw {
  known: KnownValues;
  edgeRate: number;
}

function bodyOf(route: ApiRoute, draw: Draw): fc.Arbitrary<Pick<RestRequest, 'body' | 'signed'>> {
  const body = route.body;
  if (!body || body.kind === 'unread') return validOrEdge(draw.edgeRate, fc.constant({}), anyJson.map((value) => ({ body: value })));
  if (body.kind === 'json') {
    const declared = objectValue(body.schema, draw, 'body').map((value) => ({ body: value }));
    return validOrEdge(draw.edgeRate, declared, weighted<Pick<RestRequest, 'body'>>([8, declared], [1, anyJson.map((value) => ({ body: value }))], [1, fc.constant({})]));
  }
  if (body.kind === 'multipart') return multipartBody;
  // Raw bodies (the payment provider's signed events): events of every shape, signed or not.
  return fc.tuple(stripeEvent(draw.known), fc.boolean()).map(([event, signed]) => ({ body: typeof event === 'string' ? event : JSON.stringify(event), signed }));
}

/** An object with the declared fields (each possibly missing, of the wrong type or repeated in a query string). */
function objectValue(schema: Schema, draw: Draw, part: 'path' | 'query' | 'body'): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema).shape ?? {};
  const names = Object.keys(shape);
  const values = names.map((name) => {
    const value = fieldValue(shape[name], name, draw);
    if (part === 'path') return value.map((v) => (v === undefined || v === null ? '' : v));
    if (part === 'query') return validOrEdge(draw.edgeRate, weighted<unknown>([3, value], [1, fc.constant(undefined)]), weighted<unknown>([6, value], [2, fc.constant(undefined)], [1, fc.tuple(value, value)]));
    return validOrEdge(draw.edgeRate, weighted<unknown>([4, value], [1, fc.constant(undefined)]), weighted<unknown>([8, value], [1, fc.constant(undefined)], [1, anyJson]));
  });
  return fc.tuple(...values).map((generated) => Object.fromEntries(names.map((name, index) => [name, generated[index]]).filter(([, value]) => value !== undefined)));
}

/** A value for one declared field, from its zod type (and, for strings, its name). */
function fieldValue(schema: Schema, name: string, draw: Draw): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const { known, edgeRate } = draw;
  const lower = name.toLowerCase();
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return validOrEdge(edgeRate, fieldValue(def.innerType!, name, draw), weighted<unknown>([6, fieldValue(def.innerType!, name, draw)], [1, fc.constant(null)]));
    case 'pipe':
      // A transformed query parameter (a page size): its input is text.
      return name === 'limit' ? validOrEdge(edgeRate, fc.integer({ min: 1, max: 20 }).map(String), weighted<unknown>([3, edgeNumbers.map(String)], [1, anyText])) : fieldValue(def.in!, name, draw);
    case 'union':
      return lower.includes('amount') || lower.startsWith('price')
        ? validOrEdge(edgeRate, fc.constantFrom<unknown>('1500.00', 1500, '1000', 2000, '1250.5'), edgeAmounts)
        : fc.oneof(...def.options!.map((option) => fieldValue(option, name, draw)));
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return validOrEdge(edgeRate, fc.constantFrom(...values), fc.constantFrom('', 'NOT_A_VALUE', values[0].toUpperCase()));
    }
    case 'number':
      return validOrEdge(edgeRate, fc.integer({ min: 1, max: 2000 }), edgeNumbers);
    case 'string':
      if (name === 'buyingDate') return validOrEdge(edgeRate, fc.constant(`${new Date().getUTCFullYear() + 1}-06-01`), edgeDates);
      if (name === 'transactionId') return validOrEdge(edgeRate, fc.constantFrom('pi_missing', 'pi_3Nabc'), anyText);
      return validOrEdge(edgeRate, validString(name, known), stringFor(name, known));
    default:
      // unknown (a field the server ignores) and anything else: any JSON at all.
      return anyJson;
  }
}

/** Percent-encodes every byte of the UTF-8 form outside the unreserved set (lone surrogates become U+FFFD, as in any UTF-8). */
function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** `?a=1&b=x&b=y`: repeated parameters as arrays, everything percent-encoded. */
function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${percentEncoded(name)}=${percentEncoded(typeof item === 'string' ? item : JSON.stringify(item))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The smallest valid PNG (1x1), and files that only pretend to be images. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const multipartBody: fc.Arbitrary<Pick<RestRequest, 'body'>> = fc
  .record({
    field: fc.constantFrom('file', 'file', 'image', ''),
    bytes: weighted<Buffer>(
      [3, fc.constant(PNG_1X1)],
      [2, fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes))],
      [1, fc.constant(Buffer.concat([PNG_1X1.subarray(0, 40), Buffer.alloc(64)]))],
      [1, fc.constant(Buffer.from('GIF89a'))],
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
    filename: weighted<string>([3, fc.constantFrom('photo.png', 'a.jpg')], [1, anyText]),
    extra: fc.option(anyText, { nil: undefined }),
  })
  .map(({ field, bytes, type, filename, extra }) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename || 'x');
    if (extra !== undefined) form.append('upload_preset', extra);
    return { body: form };
  });

/** A payment provider's event: the real kind naming real or made-up payments and offers, other kinds, and what is not an event. */
function stripeEvent(known: KnownValues): fc.Arbitrary<unknown> {
  const paymentIntent = fc.record({
    id: weighted<unknown>([2, fc.constantFrom('pi_missing', 'pi_')], [1, anyText], [1, anyJson]),
    object: fc.constant('payment_intent'),
    amount: weighted<unknown>([2, fc.integer({ min: -1, max: 200_000 })], [1, edgeNumbers], [1, anyJson]),
    currency: fc.constantFrom('usd', 'eur', ''),
    status: fc.constantFrom('succeeded', 'processing', ''),
    metadata: weighted<unknown>([3, fc.record({ offerId: ids(known) })], [1, anyJson]),
  });
  const event = fc.record({
    id: weighted<unknown>([3, fc.constantFrom('evt_1', 'evt_generated')], [1, anyJson]),
    type: weighted<unknown>([4, fc.constant('payment_intent.succeeded')], [2, fc.constantFrom('payment_intent.payment_failed', 'charge.refunded', '')], [1, anyJson]),
    data: weighted<unknown>([4, fc.record({ object: paymentIntent })], [1, anyJson]),
  });
  return weighted<unknown>([8, event], [1, anyJson], [1, anyText]);
}
