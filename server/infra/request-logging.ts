// Per-request logging for Express: a request id (a well-formed incoming
// X-Request-Id, else a new UUID, echoed in the response), `req.log` (a child
// logger carrying the request), and one "request completed" line per response
// at info level. In place of pino-http, which serialised every request into a
// child logger up front whether anything was logged or not (the bench's
// profile: about 3 % of the app's busy time at LOG_LEVEL=error): here the
// child is made on first use, and the completion line only when info is logged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { stdSerializers } from 'pino';
import type { Logger } from './logger';

declare module 'http' {
  interface IncomingMessage {
    /** This request's id (X-Request-Id). */
    id: string;
    /** A logger whose lines carry this request (method, URL, headers redacted as the logger says). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestLogging(log: Logger, { ignore }: { ignore(req: IncomingMessage): boolean }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= log.child({ req: stdSerializers.req(req) })),
    });
    if (!ignore(req) && log.isLevelEnabled('info')) {
      const started = Date.now();
      res.once('finish', () => req.log.info({ res: stdSerializers.res(res), responseTime: Date.now() - started }, 'request completed'));
    }
    next();
  };
}
