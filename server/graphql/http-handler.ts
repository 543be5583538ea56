// /graphql over HTTP: Express hands the parsed request to Apollo through its
// documented integration hook (executeHTTPGraphQLRequest) and writes the answer
// with res.end. In place of @as-integrations/express5, whose res.send did work
// for every answer that GraphQL never uses (the bench's profile): an ETag, a
// SHA-1 of the whole body, for answers to POSTed operations nobody revalidates;
// a copy of the body into a Buffer for it; and a legacy url.parse of the URL.
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import type { RequestContext } from '../context/request-context';

export function graphqlHttpHandler(apollo: ApolloServer<RequestContext>, contextOf: (req: Request) => RequestContext): RequestHandler {
  apollo.assertStarted('graphqlHttpHandler()');
  return async (req, res, next) => {
    try {
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const queryStart = req.url.indexOf('?');
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: queryStart === -1 ? '' : req.url.slice(queryStart), body: req.body },
        context: async () => contextOf(req),
      });
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === 'complete') {
        res.setHeader('content-length', Buffer.byteLength(answer.body.string));
        res.end(answer.body.string);
        return;
      }
      // Incremental delivery (@defer): each part as it comes, past compression's buffer.
      for await (const chunk of answer.body.asyncIterator) {
        res.write(chunk);
        (res as { flush?: () => void }).flush?.();
      }
      res.end();
    } catch (error) {
      next(error);
    }
  };
}
