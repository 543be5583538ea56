// No SSRF: the target check refuses loopback, private, link-local and metadata
// addresses, whether written in the URL or reached through DNS (a stubbed
// resolver and the real `localhost`), unless the operator allowed the host;
// and a redirect to such an address is not followed (delivery to a real
// loopback receiver that answers 302).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook } from './send';
import { checkWebhookTarget, isRefusedAddress, NOT_HTTPS, systemResolve, type Resolve } from './target-check';

const stubDns: Resolve = async (hostname) =>
  ({ 'public.example': [{ address: '93.184.216.34', family: 4 }], 'sneaky.example': [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }], 'inner.example': [{ address: '10.0.0.5', family: 4 }] })[hostname] ?? [];

const refusal = (url: string, allowedHosts: string[] = [], resolve: Resolve = stubDns) =>
  checkWebhookTarget(url, { allowedHosts, resolve }).then(
    () => null,
    (error: { message: string; code?: string }) => error.message,
  );

it('refuses loopback, private, link-local and metadata addresses written in the URL', async () => {
  for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'https://10.0.0.1/', 'https://10.255.1.2/', 'https://172.16.3.4/', 'https://192.168.1.1/', 'https://169.254.169.254/latest/meta-data', 'https://[fe80::1]/', 'https://[fd00:ec2::254]/', 'https://[::ffff:127.0.0.1]/', 'https://0.0.0.0/', 'https://100.64.0.1/']) {
    expect(await refusal(url)).toMatch(/an address webhooks may not reach/);
  }
  expect(isRefusedAddress('93.184.216.34')).toBe(false);
  expect(isRefusedAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(false);
});

it('checks every address a name resolves to: a stubbed resolver, and localhost through the system resolver', async () => {
  expect(await refusal('https://public.example/hook')).toBeNull();
  expect(await refusal('https://sneaky.example/hook')).toMatch(/127\.0\.0\.1/);
  expect(await refusal('https://inner.example/hook')).toMatch(/10\.0\.0\.5/);
  expect(await refusal('https://localhost/hook', [], systemResolve)).toMatch(/an address webhooks may not reach/);
  expect(await refusal('https://nowhere.example/hook')).toMatch(/could not be resolved/);
});

it('wants https, except for allow-listed hosts, which may also be refused addresses', async () => {
  expect(await refusal('http://public.example/hook')).toBe(NOT_HTTPS);
  expect(await refusal('ftp://public.example/hook')).toBe(NOT_HTTPS);
  expect(await refusal('http://127.0.0.1:9/hook', ['127.0.0.1'])).toBeNull();
  expect(await refusal('https://inner.example/hook', ['inner.example'])).toBeNull();
});

it('does not follow a redirect to a refused address: the 302 is the (failed) answer, the target never hears of it', async () => {
  let trapHits = 0;
  const trap = http.createServer((_req, res) => (trapHits++, res.end('ok')));
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const redirecting = http.createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${(trap.address() as AddressInfo).port}/` }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  try {
    const outcome = await sendWebhook(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`, '{}', {}, { allowedHosts: ['127.0.0.1'] });
    expect(outcome).toMatchObject({ ok: false, status: 302 });
    expect(trapHits).toBe(0);
    // Without the allow-list, the loopback receiver itself is refused before any connection.
    const refused = await sendWebhook(`https://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`, '{}', {}, { allowedHosts: [] });
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(refused.excerpt).toMatch(/may not reach/);
  } finally {
    trap.close();
    redirecting.close();
  }
});
