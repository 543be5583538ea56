// Route shapes several domains share, declared once with what they have in common.
import type { Response } from 'express';
import type { RequestContext } from '../context/request-context';
import { emailPathParam, emailQueryParam, OWN_OR_ADMIN } from './answers';
import { auth, type Answer, type RouteDeclaration } from './route';
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
    access: auth(),
    ...(where === 'path' ? { params: email } : { query: email }),
    success: { status: 200, ...answer },
    refusals: [403],
    handler: ({ params, query, context, res }) => list(context, String((where === 'path' ? params : query).email), res),
  };
}
