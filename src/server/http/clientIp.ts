/**
 * Who is asking, for the per-IP limits: the address the socket came from, or, behind a proxy we run
 * (TRUST_PROXY=1), the last X-Forwarded-For entry (the one our proxy wrote; earlier ones are the
 * client's word).
 */
import { isIPv4, isIPv6 } from 'node:net';

export function defaultClientIp(trustProxy: boolean) {
  return (request: Request): string => {
    if (trustProxy) {
      const last = (request.headers.get('x-forwarded-for') ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .pop();
      if (last) return last;
    }
    // srvx puts the socket's address on the request.
    const ip = (request as Request & { ip?: unknown }).ip;
    return typeof ip === 'string' && ip !== '' ? ip : 'unknown';
  };
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
