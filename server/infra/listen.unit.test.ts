// A port that is taken fails the start with the listen error itself, not with a
// server that has no address.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listenOn } from './listen';

it('listens on a free port, and refuses a port in use with EADDRINUSE', async () => {
  const first = await listenOn(express(), 0, '127.0.0.1');
  const { port } = first.address() as AddressInfo;
  expect(port).toBeGreaterThan(0);
  await expect(listenOn(express(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  await new Promise((resolve) => first.close(resolve));
});
