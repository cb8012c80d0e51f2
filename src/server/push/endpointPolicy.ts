/**
 * Which push-service addresses the server accepts and sends to. A subscription's endpoint is supplied by
 * the reader's browser, and the operator's send command later POSTs to it: left open, that is a
 * server-side request forgery (a "subscription" pointing at an internal address). So an endpoint must be
 * https on the default port, on a known push service's host (or a subdomain of it), never an IP literal,
 * never credentials in the URL. Loopback (https://127.0.0.1:PORT, localhost, [::1]) is accepted only with
 * PUSH_ALLOW_LOOPBACK=1, for tests and local development against a fake push service. The host is judged
 * by the same address policy as every outgoing request (an address literal or a local name is refused
 * here, without a lookup: a name is resolved at send time, where the guarded fetch pins what it vetted —
 * resolving now would prove nothing about the day of the send).
 */
import { classifyHost } from '../security/addressPolicy.ts';

export interface EndpointPolicy {
  /** Allowed push-service hosts; a host matches itself and its subdomains. */
  hosts: readonly string[];
  allowLoopback: boolean;
}

export type EndpointVerdict = { ok: true; url: URL } | { ok: false; reason: 'malformed' | 'not-https' | 'unknown-service' };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function checkEndpoint(endpoint: string, policy: EndpointPolicy): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (url.username || url.password) return { ok: false, reason: 'malformed' };
  const host = url.hostname.toLowerCase();
  if (policy.allowLoopback && LOOPBACK_HOSTS.has(host)) return { ok: true, url };
  const judged = classifyHost(url);
  if (url.port !== '' || judged.kind !== 'name' || judged.local) return { ok: false, reason: 'unknown-service' };
  const known = policy.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  return known ? { ok: true, url } : { ok: false, reason: 'unknown-service' };
}
