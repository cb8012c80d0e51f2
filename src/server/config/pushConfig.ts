/**
 * Web push configuration from the environment (docs/operating/configuration.md, "Notifications"). A half-configured or malformed
 * set of VAPID keys stops the server at start-up with a sentence saying what to fix; no keys at all means
 * notifications are off (the header's prompt says so and nothing is requested).
 */
import { appConfig } from '../../../app.config.ts';
import { envFlag, envUrl } from './envValues.ts';
import type { EndpointPolicy } from '../push/endpointPolicy.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services can reach the operator at. */
  subject: string;
}

export interface PushConfig {
  vapid: VapidKeys | null;
  endpoints: EndpointPolicy;
  rateLimitPerMinute: number;
  redisUrl: string | null;
}

export class PushConfigError extends Error {
  constructor(message: string) {
    super(`Push notifications configuration: ${message}`);
    this.name = 'PushConfigError';
  }
}

const fail = (message: string) => new PushConfigError(message);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodedLength(value: string): number {
  return BASE64URL.test(value) ? Buffer.from(value, 'base64url').byteLength : -1;
}

function vapidFromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.VAPID_SUBJECT?.trim() ?? '';
  if (!publicKey && !privateKey && !subject) return null;
  if (!publicKey || !privateKey || !subject) {
    throw fail(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together (generate keys with `npx web-push generate-vapid-keys`).',
    );
  }
  const raw = Buffer.from(publicKey, 'base64url');
  if (decodedLength(publicKey) !== 65 || raw[0] !== 4) {
    throw fail('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters).');
  }
  if (decodedLength(privateKey) !== 32) throw fail('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters).');
  if (!/^mailto:[^@\s]+@[^@\s]+$/.test(subject) && !/^https:\/\/\S+$/.test(subject)) {
    throw fail('VAPID_SUBJECT must be a mailto: address or an https: URL (the push services contact the operator there).');
  }
  return { publicKey, privateKey, subject };
}

function hostsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const raw = env.PUSH_ENDPOINT_HOSTS?.trim();
  if (!raw) return [...appConfig.push.defaultEndpointHosts];
  const hosts = raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) throw fail(`PUSH_ENDPOINT_HOSTS: "${host}" is not a host name.`);
  }
  return hosts;
}

export function pushConfigFromEnv(env: NodeJS.ProcessEnv): PushConfig {
  return {
    vapid: vapidFromEnv(env),
    endpoints: {
      hosts: hostsFromEnv(env),
      // Tests and local development only: a fake push service on this machine (never in production).
      allowLoopback: envFlag(env, 'PUSH_ALLOW_LOOPBACK', fail),
    },
    rateLimitPerMinute: appConfig.push.rateLimitPerMinute,
    redisUrl: envUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], fail),
  };
}
