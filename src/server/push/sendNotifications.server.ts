/**
 * Sends one notification to every stored subscription with the `web-push` library (VAPID, aes128gcm).
 * A 404 or 410 from a push service means the subscription is gone for good: it is removed. Any other
 * failure is counted and left for the next send. An endpoint the policy no longer accepts is skipped
 * (never contacted), whatever the database holds.
 */
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
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
  /** Called after each subscription with how many were handled so far (progress display). */
  onProgress?: (handled: number) => void;
}

type Outcome = 'sent' | 'gone' | 'failed';

type Settings = Required<Omit<SendOptions, 'onProgress' | 'agent'>> & { agent?: Agent };

async function deliver(record: PushSubscriptionRecord, body: string, options: Settings): Promise<Outcome> {
  try {
    await webpush.sendNotification({ endpoint: record.endpoint, keys: { p256dh: record.p256dh, auth: record.auth } }, body, {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds,
      timeout: options.timeoutMs,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    // The host only: an endpoint is a capability, it does not belong in logs.
    const host = new URL(record.endpoint).host;
    const reason = error instanceof WebPushError ? `HTTP ${error.statusCode}` : error instanceof Error ? error.message : String(error);
    console.error(`[push] delivery to ${host} failed: ${reason}`);
    return 'failed';
  }
}

export async function sendToAllSubscriptions(db: Database, payload: PushPayload, options: SendOptions): Promise<SendReport> {
  const settings: Settings = {
    agent: options.agent,
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
