/**
 * OUTBOUND_ALLOW_HOSTS: the hosts an operator lets the server reach even though they answer on an internal
 * address (an intranet WordPress whose images an import downloads). Comma- or space-separated host names
 * or IP addresses; `.example.org` allows every subdomain of example.org. Empty: only public addresses.
 * Read here once and passed down to the guarded fetch (src/server/security/guardedFetch.ts).
 */
import { isIP } from 'node:net';
import type { OutboundPolicy } from '../security/guardedFetch.ts';

export class OutboundConfigError extends Error {
  constructor(message: string) {
    super(`Outbound requests configuration: ${message}`);
    this.name = 'OutboundConfigError';
  }
}

const HOST_NAME = /^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

export function outboundPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const raw = env.OUTBOUND_ALLOW_HOSTS?.trim() ?? '';
  const allowHosts = raw
    .split(/[\s,]+/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, '')
        .replace(/\.$/, ''),
    )
    .filter(Boolean);
  for (const entry of allowHosts) {
    if (isIP(entry) === 0 && !HOST_NAME.test(entry)) {
      throw new OutboundConfigError(`OUTBOUND_ALLOW_HOSTS: "${entry}" is not a host name or an IP address (no scheme, port or path).`);
    }
  }
  return { allowHosts };
}
