// The request logger over real HTTP (an Express app on a free port, pino
// writing to a captured stream): request ids, the completion line, redaction,
// and nothing written or made for levels that are not logged.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { requestLogging } from './request-logging';

async function served(level: string, handler: express.RequestHandler) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ level, redact: { paths: ['req.headers.authorization'], censor: '[redacted]' } }, sink);
  const app = express();
  app.use(requestLogging(log, { ignore: (req) => req.url === '/healthz' }));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  app.get('/work', handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines, close: () => new Promise((resolve) => server.close(resolve)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it('gives each response a request id, echoing a well-formed incoming one', async () => {
  const app = await served('error', (req, res) => void res.json({ id: req.id }));
  const fresh = await fetch(`${app.url}/work`);
  expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await fresh.json()).toEqual({ id: fresh.headers.get('x-request-id') });
  const echoed = await fetch(`${app.url}/work`, { headers: { 'x-request-id': 'trace-1' } });
  expect(echoed.headers.get('x-request-id')).toBe('trace-1');
  const refused = await fetch(`${app.url}/work`, { headers: { 'x-request-id': 'no spaces <allowed>' } });
  expect(refused.headers.get('x-request-id')).not.toBe('no spaces <allowed>');
  await app.close();
});

it('at info: one completion line per request, and the request on every line of req.log, its token redacted', async () => {
  const app = await served('info', (req, res) => {
    req.log.info({ step: 'working' }, 'handler says');
    res.status(201).json({});
  });
  await fetch(`${app.url}/work?x=1`, { headers: { authorization: 'Bearer secret-token', 'x-request-id': 'r-1' } });
  await fetch(`${app.url}/healthz`);
  await settle();
  const said = app.lines.find((line) => line.msg === 'handler says')!;
  expect(said).toMatchObject({ step: 'working', req: { id: 'r-1', method: 'GET', url: '/work?x=1', headers: { authorization: '[redacted]' } } });
  const completed = app.lines.filter((line) => line.msg === 'request completed');
  expect(completed).toHaveLength(1); // /healthz is ignored
  expect(completed[0]).toMatchObject({ req: { id: 'r-1', url: '/work?x=1' }, res: { statusCode: 201 } });
  expect(typeof completed[0]!.responseTime).toBe('number');
  expect(JSON.stringify(app.lines)).not.toContain('secret-token');
  await app.close();
});

it('at error: writes nothing for a request that logs nothing, and still writes its errors', async () => {
  const app = await served('error', (req, res) => {
    if (req.query.fail) req.log.error('it failed');
    res.json({});
  });
  await fetch(`${app.url}/work`);
  await settle();
  expect(app.lines).toEqual([]);
  await fetch(`${app.url}/work?fail=1`, { headers: { 'x-request-id': 'r-2' } });
  await settle();
  expect(app.lines).toHaveLength(1);
  expect(app.lines[0]).toMatchObject({ msg: 'it failed', req: { id: 'r-2', url: '/work?fail=1' } });
  await app.close();
});
