/**
 * Sends one notification to every stored subscription: the `web-push` library builds the request (VAPID,
 * aes128gcm), the guarded fetch sends it (issue 34) — the endpoint came from a reader's browser, so its
 * name is resolved, judged and pinned like any outside address, and no redirect is followed. A 404 or 410
 * from a push service means the subscription is gone for good: it is removed. Any other failure is
 * counted and left for the next send. An endpoint the policy no longer accepts is skipped (never
 * contacted), whatever the database holds.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import { guardedFetch, type OutboundPolicy, type Resolver } from '../security/guardedFetch.ts';
import { checkEndpoint, type EndpointPolicy } from './endpointPolicy.ts';
import type { PushPayload } from './pushPayload.ts';
import type { VapidKeys } from '../config/pushConfig.ts';
import { type PushSubscriptionRecord, pushSubscriptionBatches, removePushSubscriptions } from './pushSubscriptions.server.ts';

export interface SendReport {
  sent: number;
  removed: number;
  failed: number;
  skipped: number;
}

export interface SendOptions {
  vapid: VapidKeys;
  endpoints: EndpointPolicy;
  ttlSeconds?: number;
  concurrency?: number;
  timeoutMs?: number;
  batchSize?: number;
  /** TLS agent for the push services (tests: one that trusts a fake service's certificate). */
  agent?: Agent;
  /** OUTBOUND_ALLOW_HOSTS (default: public addresses only; PUSH_ALLOW_LOOPBACK adds this machine). */
  outbound?: OutboundPolicy;
  /** How endpoint names resolve (tests: a push service's name onto an internal address). */
  resolve?: Resolver;
  /** Called after each subscription with how many were handled so far (progress display). */
  onProgress?: (handled: number) => void;
}

/** refused: the guard would not contact the address its name resolves to (counted with the skipped). */
type Outcome = 'sent' | 'gone' | 'failed' | 'refused';

type Settings = Required<Omit<SendOptions, 'onProgress' | 'agent' | 'resolve'>> & { agent?: Agent; resolve?: Resolver };

/** A push service answers with a few bytes; more is not a push service. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** The switch's loopback hosts (endpointPolicy.ts), let through the guard only when it is on. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'];

async function deliver(record: PushSubscriptionRecord, body: string, options: Settings): Promise<Outcome> {
  // The host only: an endpoint is a capability, it does not belong in logs.
  const host = new URL(record.endpoint).host;
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: record.endpoint, keys: { p256dh: record.p256dh, auth: record.auth } }, body, {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
  } catch (error) {
    console.error(`[push] delivery to ${host} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 'failed';
  }
  const policy = options.endpoints.allowLoopback ? { allowHosts: [...options.outbound.allowHosts, ...LOOPBACK_HOSTS] } : options.outbound;
  const answer = await guardedFetch(request.endpoint, policy, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
    body: request.body ?? undefined,
    maxRedirects: 0,
    maxBytes: ANSWER_MAX_BYTES,
    timeoutMs: options.timeoutMs,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  if (!answer.ok && answer.failure === 'refused') return 'refused';
  if (answer.ok && answer.status >= 200 && answer.status < 300) return 'sent';
  if (answer.ok && (answer.status === 404 || answer.status === 410)) return 'gone';
  console.error(`[push] delivery to ${host} failed: ${answer.ok ? `HTTP ${answer.status}` : answer.failure}`);
  return 'failed';
}

export async function sendToAllSubscriptions(db: Database, payload: PushPayload, options: SendOptions): Promise<SendReport> {
  const settings: Settings = {
    agent: options.agent,
    resolve: options.resolve,
    outbound: options.outbound ?? { allowHosts: [] },
    vapid: options.vapid,
    endpoints: options.endpoints,
    ttlSeconds: options.ttlSeconds ?? appConfig.push.ttlSeconds,
    concurrency: options.concurrency ?? appConfig.push.sendConcurrency,
    timeoutMs: options.timeoutMs ?? appConfig.push.sendTimeoutMs,
    batchSize: options.batchSize ?? 500,
  };
  const body = JSON.stringify(payload);
  const report: SendReport = { sent: 0, removed: 0, failed: 0, skipped: 0 };
  let handled = 0;
  for await (const batch of pushSubscriptionBatches(db, settings.batchSize)) {
    const gone: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const record = batch[next++] as PushSubscriptionRecord;
        if (!checkEndpoint(record.endpoint, settings.endpoints).ok) {
          report.skipped++;
        } else {
          const outcome = await deliver(record, body, settings);
          if (outcome === 'sent') report.sent++;
          else if (outcome === 'gone') gone.push(record.endpoint);
          else if (outcome === 'refused') report.skipped++;
          else report.failed++;
        }
        options.onProgress?.(++handled);
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, worker));
    // Removed after the batch: the next batch reads on by id, so deleting now changes nothing ahead.
    report.removed += await removePushSubscriptions(db, gone);
  }
  return report;
}
