// Route shapes several domains share, declared once with what they have in common.
import type { Response } from 'express';
import type { RequestContext } from '../context/request-context';
import type { Page } from '../shared/pagination';
import { cursorParam, emailPathParam, emailQueryParam, nextCursorHeader, OWN_OR_ADMIN, sendNextCursor } from './answers';
import type { Answer, RouteDeclaration } from './route';
import { z } from './zod';

/**
 * GET what an account has, named by its e-mail in the path (`{email}`) or as
 * `?email=`: one's own, or anyone's for an admin (the service decides; 403 otherwise).
 */
export function listByEmail<T>(
  where: 'path' | 'query',
  { summary, answer, list }: { summary: string; answer: Answer<z.ZodType<unknown, T[]>>; list(context: RequestContext, email: string, res: Response): Promise<T[]> },
): RouteDeclaration<z.ZodObject | undefined, z.ZodObject | undefined, undefined, T[]> {
  const email = z.object({ email: where === 'path' ? emailPathParam : emailQueryParam });
  return {
    summary,
    description: OWN_OR_ADMIN,
    ...(where === 'path' ? { params: email } : { query: email }),
    success: { status: 200, ...answer },
    refusals: [403],
    handler: ({ params, query, context, res }) => list(context, String((where === 'path' ? params : query).email), res),
  };
}

/** The most records an admin list answers at once; X-Next-Cursor names the next page. */
const ADMIN_PAGE_SIZE = 1000;

/** GET every record of a kind, newest first, a page at a time (admins): `?cursor=` in, X-Next-Cursor out. */
export function everyRecord<R, T>(
  toJson: (record: R, context: RequestContext) => T | Promise<T>,
  { summary, answer, page }: { summary: string; answer: Answer<z.ZodType<unknown, T[]>>; page(context: RequestContext, request: { first: number; after?: string }): Promise<Page<R>> },
): RouteDeclaration<undefined, z.ZodObject<{ cursor: typeof cursorParam }>, undefined, T[]> {
  return {
    summary,
    query: z.object({ cursor: cursorParam }),
    success: { status: 200, headers: nextCursorHeader, ...answer },
    refusals: [403],
    async handler({ query, context, res }) {
      const found = await page(context, { first: ADMIN_PAGE_SIZE, after: query.cursor });
      sendNextCursor(res, found);
      return Promise.all(found.nodes.map((record) => toJson(record, context)));
    },
  };
}
