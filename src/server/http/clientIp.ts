/**
 * Who is asking, for the per-IP limits: the address the socket came from, or, behind a proxy we run
 * (TRUST_PROXY=1), the last X-Forwarded-For entry (the one our proxy wrote; earlier ones are the
 * client's word).
 */
import { isIPv4, isIPv6 } from 'node:net';

export function defaultClientIp(trustProxy: boolean) {
  // srvx puts the socket's address on the request.
  return (request: Request): string =>
    clientIpOf(request.headers.get('x-forwarded-for'), (request as Request & { ip?: unknown }).ip, trustProxy);
}

/**
 * The same answer from the request's parts: the X-Forwarded-For header's value and the socket's address
 * (the audience beacon's node:http path has no Web Request).
 */
export function clientIpOf(forwardedFor: string | null | undefined, socketIp: unknown, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const last = lastListEntry(forwardedFor);
    if (last) return last;
  }
  return typeof socketIp === 'string' && socketIp !== '' ? socketIp : 'unknown';
}

/** The last non-empty entry of a comma-separated list, trimmed; '' when there is none. */
function lastListEntry(list: string): string {
  let end = list.length;
  while (end > 0) {
    const start = list.lastIndexOf(',', end - 1);
    const entry = list.slice(start + 1, end).trim();
    if (entry) return entry;
    end = start === -1 ? 0 : start;
  }
  return '';
}

/** The rate-limit key of an address: IPv4 as is, IPv6 by its /64 (one subscriber line, many addresses). */
export function ipKey(ip: string): string {
  const mapped = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(mapped)) return 'unknown';
  const [head = '', tail = ''] = mapped.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = mapped.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
