// The test environment's report of what a file left running in its worker (test-environment.ts).
import net from 'node:net';
import { grownResources, liveHandles, runningResources } from './test-environment';

it('counts a timer and a server a file leaves running, and nothing once they are gone', async () => {
  const before = runningResources();
  const timer = setTimeout(() => undefined, 60_000);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  expect(grownResources(before, runningResources())).toEqual(expect.arrayContaining(['1 Timeout', '1 TCPServerWrap']));
  clearTimeout(timer);
  await new Promise((resolve) => server.close(resolve));
  // A closed server's handle goes on the next turns of the loop.
  for (let turn = 0; turn < 20 && grownResources(before, runningResources()).length > 0; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(grownResources(before, runningResources())).toEqual([]);
});

it('reports only growth, by type', () => {
  const before = new Map([['Timeout', 2], ['TCPSocketWrap', 1]]);
  expect(grownResources(before, new Map([['Timeout', 3], ['TCPSocketWrap', 1], ['ProcessWrap', 1]]))).toEqual(['1 Timeout', '1 ProcessWrap']);
  expect(grownResources(before, new Map([['Timeout', 1]]))).toEqual([]);
});

it('names a live handle by what it is: a listening server by its address', async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  expect(liveHandles()).toContain(`Server listening on ${JSON.stringify({ address: '127.0.0.1', family: 'IPv4', port })}`);
  await new Promise((resolve) => server.close(resolve));
});
