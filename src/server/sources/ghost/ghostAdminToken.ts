/**
 * Ghost's Admin API authenticates a staff integration with a short JWT made from its Admin API key
 * (`id:secret`, the secret in hex): HS256, the key's id as `kid`, `aud: /admin/`, valid five minutes (Ghost refuses
 * longer ones). Made per request: nothing to cache, nothing that outlives the call.
 */
import { createHmac } from 'node:crypto';

export interface GhostAdminKey {
  id: string;
  secret: string;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function ghostAdminToken(key: GhostAdminKey, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: key.id }));
  const payload = base64url(JSON.stringify({ iat, exp: iat + 5 * 60, aud: '/admin/' }));
  const signature = createHmac('sha256', Buffer.from(key.secret, 'hex')).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
}
