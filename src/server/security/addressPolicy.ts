/**
 * Which network addresses a request built from outside input (an import's image, a push endpoint) may
 * reach: only public unicast ones. Everything the server itself, its host or its private network answers
 * on is refused — loopback, private, carrier-grade NAT, link-local (the cloud metadata services), unique
 * local, multicast, reserved, unspecified — and the IPv6 forms that carry an IPv4 address (mapped, NAT64,
 * 6to4) are judged by the IPv4 address they carry. The input here is always an address already parsed by
 * WHATWG URL or returned by the resolver, so the odd spellings (2130706433, 0x7f000001, 0177.0.0.1,
 * 127.1) arrive normalised as 127.0.0.1; `classifyHost` exists so that tests can prove it.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo tunnels (reach an IPv4 address we cannot judge)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** IPv6 forms that carry an IPv4 address in known bits: judged by that address. */
const CARRIERS: { prefix: string; bits: number; embedded: (groups: number[]) => [number, number] }[] = [
  { prefix: '::ffff:0:0', bits: 96, embedded: (g) => [g[6] as number, g[7] as number] }, // IPv4-mapped
  { prefix: '::ffff:0:0:0', bits: 96, embedded: (g) => [g[6] as number, g[7] as number] }, // IPv4-translated
  { prefix: '64:ff9b::', bits: 96, embedded: (g) => [g[6] as number, g[7] as number] }, // NAT64
  { prefix: '64:ff9b:1::', bits: 48, embedded: (g) => [g[6] as number, g[7] as number] }, // local NAT64
  { prefix: '2002::', bits: 16, embedded: (g) => [g[1] as number, g[2] as number] }, // 6to4
];
const carrierLists = CARRIERS.map((carrier) => {
  const list = new BlockList();
  list.addSubnet(carrier.prefix, carrier.bits, 'ipv6');
  return { list, embedded: carrier.embedded };
});

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  if (tail === null) return front;
  const back = parse(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

/** true when a request may go to this address (an IPv4 or IPv6 literal, without brackets). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  for (const carrier of carrierLists) {
    if (!carrier.list.check(address, 'ipv6')) continue;
    const [high, low] = carrier.embedded(ipv6Groups(address));
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return !blocked.check(address, 'ipv6');
}

/** A URL's hostname without the brackets of an IPv6 literal, lower case. */
export function bareHostname(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** Names that mean this machine whatever DNS says (RFC 6761): refused before any lookup. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

export type HostClass =
  | { kind: 'address'; address: string; public: boolean }
  | { kind: 'name'; name: string; local: boolean }
  | { kind: 'invalid' };

/**
 * What a URL's host is, as the connection will see it: an address (judged) or a name (to resolve and then
 * judge each address). Used on the host of a parsed URL, so every IPv4 spelling is already normalised.
 */
export function classifyHost(url: URL): HostClass {
  const host = bareHostname(url);
  if (host === '') return { kind: 'invalid' };
  if (isIP(host) !== 0) return { kind: 'address', address: host, public: isPublicAddress(host) };
  return { kind: 'name', name: host, local: isLocalName(host) };
}

/** Whether an operator's allow list (OUTBOUND_ALLOW_HOSTS) names this host: exact, or `.suffix` for subdomains. */
export function hostAllowed(hostname: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowHosts.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));
}
