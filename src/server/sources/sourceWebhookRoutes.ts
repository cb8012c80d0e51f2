/**
 * POST /api/sources/webhook (openapi/resources/sources.yaml): a live source's webhook, Ghost's (issue 35).
 * Order of the checks: a source that takes webhooks (404), the per-IP rate limit, the content type (415) and
 * the size (413) before a byte is parsed, then the signature over the raw bytes (401, nothing changed) — only
 * then is the body read, and only for the id of what changed. The post itself is read from the source by the
 * sync (never taken from the body), which compares it with the copy: a replayed or late delivery never writes
 * an older version back.
 *
 * Ghost gives a delivery two seconds and retries a failed one; applying a change may take longer (the post
 * read, its images into the library). So the answer waits for the change at most WAIT_MS: 200 with what it did,
 * else 202 while it finishes; a change that fails after the answer is logged, and the next poll catches up.
 */
import type { ApiHandlerTable, JsonBody, OperationHandler } from '../http/apiTypes.ts';
import { refusedBodyHeaders } from '../http/jsonBody.ts';
import { type ClientLimitOptions, clientRateLimiter } from '../http/rateLimit.ts';
import { readCappedBody } from '../http/requestBody.ts';
import { errorJson, json } from '../http/responses.ts';
import { type LiveSource, type SourceWebhookEvent, WebhookRefused } from './liveSource.ts';

/** What the sync offers a webhook (src/server/sources/syncEngine.ts's SourceSync has these). */
export interface SourceChangeSink {
  /** Reads post `sourceId` from the source and writes it (gone there → unpublished here); the outcome in a word. */
  applySourceChange(sourceId: string): Promise<string>;
  /** The source deleted post `sourceId`: its copy leaves the front. */
  applySourceDeletion(sourceId: string): Promise<string>;
  /** One pass (terms and changes): what a tag's change needs. */
  poll(options?: { reconcile?: boolean }): Promise<unknown>;
}

export interface SourceWebhookOptions extends ClientLimitOptions {
  /** The live source (CONTENT_SOURCE=ghost); null, or one without webhooks: 404. */
  source: LiveSource | null;
  sync: SourceChangeSink | null;
  /** How long the answer waits for the change (Ghost gives up after 2 s). */
  waitMs?: number;
  log?: (line: string) => void;
}

export const sourceWebhookMessages = {
  noSource: 'Aucune source de contenus ne reçoit de webhooks sur ce site (CONTENT_SOURCE).',
  refused: (why: string) => `Webhook refusé : ${why}`,
  tooManyRequests: 'Trop de livraisons de webhook, merci de réessayer dans une minute.',
  unavailable: 'Le changement n’a pas pu être appliqué pour l’instant ; la source sera relue au prochain passage.',
} as const;

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const PER_MINUTE = 600;
const WAIT_MS = 1500;

type Outcome = JsonBody<'receiveSourceWebhook', 200>['outcome'];
const OUTCOMES = new Set<string>(['written', 'unchanged', 'older', 'unpublished', 'absent', 'refreshed', 'ignored']);

export function sourceWebhookHandlers(options: SourceWebhookOptions) {
  const { rateLimited } = clientRateLimiter(options);
  const log = options.log ?? ((line: string) => console.error(line));
  const waitMs = options.waitMs ?? WAIT_MS;
  const noStore = { cache: 'error' as const };

  async function apply(event: SourceWebhookEvent, sync: SourceChangeSink): Promise<Outcome> {
    switch (event.type) {
      case 'post.changed':
        return asOutcome(await sync.applySourceChange(event.sourceId));
      case 'post.deleted':
        return asOutcome(await sync.applySourceDeletion(event.sourceId));
      case 'terms.changed':
        await sync.poll();
        return 'refreshed';
      default:
        return 'ignored';
    }
  }

  const receive: OperationHandler<'receiveSourceWebhook'> = {
    // Ghost posts from its server, never from a page: there is no Origin to judge, the signature is the check.
    crossOrigin: true,
    handle: async ({ request }) => {
      const { source, sync } = options;
      if (!source?.parseWebhook || !sync) return errorJson(404, sourceWebhookMessages.noSource);
      const limited = await rateLimited(request, 'source-webhook', PER_MINUTE, sourceWebhookMessages.tooManyRequests);
      if (limited) return limited;
      const refusal = refusedBodyHeaders(request.headers.get('content-type'), request.headers.get('content-length'), MAX_BODY_BYTES, [
        'application/json',
      ]);
      if (refusal) return errorJson(refusal.status, refusal.message);
      const bytes = await readCappedBody(request, MAX_BODY_BYTES);
      if (bytes === null) return errorJson(413, 'Le corps de la requête est trop volumineux.');
      let event: SourceWebhookEvent;
      try {
        event = source.parseWebhook(request.headers, bytes);
      } catch (error) {
        if (error instanceof WebhookRefused) return errorJson(401, sourceWebhookMessages.refused(error.message));
        throw error;
      }
      if (event.type === 'ignored') return answer(200, 'ignored', 'ignored');
      const work = apply(event, sync);
      const settled = await Promise.race([
        work.then(
          (outcome) => ({ done: true as const, outcome }),
          (error: unknown) => ({ done: true as const, error: error as Error }),
        ),
        new Promise<{ done: false }>((resolve) => setTimeout(() => resolve({ done: false }), waitMs).unref()),
      ]);
      if (!settled.done) {
        work.catch((error: unknown) =>
          log(`[sources] webhook ${event.type}: not applied (${(error as Error).message}); the next poll catches up`),
        );
        return answer(202, event.type, 'pending');
      }
      if ('error' in settled) {
        log(`[sources] webhook ${event.type}: not applied (${settled.error.message}); the next poll catches up`);
        // A 503: Ghost delivers it again a little later.
        return errorJson(503, sourceWebhookMessages.unavailable, undefined, { 'retry-after': '30' });
      }
      return answer(200, event.type, settled.outcome);
    },
  };

  function answer(status: 200 | 202, event: SourceWebhookEvent['type'], outcome: Outcome): Response {
    const body: JsonBody<'receiveSourceWebhook', 200> = { event, outcome };
    return json(body, { ...noStore, status });
  }

  return { receiveSourceWebhook: receive } satisfies ApiHandlerTable;
}

function asOutcome(value: string): Outcome {
  return (OUTCOMES.has(value) ? value : 'written') as Outcome;
}
