// No SSRF: a webhook may reach only public addresses. The URL's host is
// resolved and every address it resolves to is checked (loopback, private,
// link-local, carrier-grade NAT, multicast, reserved and cloud metadata
// addresses are refused, IPv4-mapped IPv6 included); the connection is then
// made to the checked address itself (connectPinned), so a second DNS answer
// cannot swap it. Redirects are never followed (a 3xx is a failed delivery).
// The operator's allow-list (WEBHOOK_ALLOWED_HOSTS) lets named hosts or
// addresses through, over plain HTTP too (the tests' loopback receiver).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badInput } from '../shared/errors';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (injectable: tests stub DNS). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Whether webhooks may not connect to `address` (an IPv4 or IPv6 literal). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1], 'ipv4');
  return refused.check(address, 'ipv6');
}

export const NOT_HTTPS = 'The URL must start with https://';
export const refusedAddressMessage = (address: string) => `The URL resolves to ${address}, an address webhooks may not reach (loopback, private, link-local or metadata).`;

/** A URL webhooks may reach, and the checked address to connect to. Throws BAD_USER_INPUT otherwise. */
export async function checkWebhookTarget(rawUrl: string, { allowedHosts, resolve = systemResolve }: { allowedHosts: readonly string[]; resolve?: Resolve }): Promise<{ url: URL; address: ResolvedAddress }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badInput('Enter a full URL, e.g. https://example.com/hooks', { url: 'Enter a full URL, e.g. https://example.com/hooks' });
  }
  const hostname = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const hostAllowed = allowedHosts.includes(hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && hostAllowed)) throw badInput(NOT_HTTPS, { url: NOT_HTTPS });
  if (url.username || url.password) throw badInput('The URL must not carry a user name or password.', { url: 'The URL must not carry a user name or password.' });
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw badInput(`The host ${hostname} could not be resolved.`, { url: `The host ${hostname} could not be resolved.` });
  }
  if (!hostAllowed) {
    const bad = addresses.find(({ address }) => isRefusedAddress(address) && !allowedHosts.includes(address));
    if (bad) throw badInput(refusedAddressMessage(bad.address), { url: refusedAddressMessage(bad.address) });
  }
  return { url, address: addresses[0] };
}
