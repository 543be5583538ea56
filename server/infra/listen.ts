// Starting an HTTP server on a port, as a promise that fails when the port
// cannot be had. Express 5's app.listen calls its callback with the error too
// (a port in use), so "the callback ran" does not mean "listening".
import type { Server } from 'node:http';
import type { Express } from 'express';

/** `app` listening on `port` at `host`; rejects with the listen error (EADDRINUSE: the port is in use). */
export function listenOn(app: Express, port: number, host: string | undefined): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host ?? '', (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}
