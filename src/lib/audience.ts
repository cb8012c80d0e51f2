/**
 * What a feature calls to count one of its uses in the exempt audience measurement (decision 028): a push
 * onto a queue on `window`, nothing more, so that it weighs a few bytes wherever it is used. The beacon's
 * lazy chunk (src/features/audience/audienceBeacon.ts) sends what was queued before it started, then
 * replaces `push` to send at once; it also drops everything when the reader objected.
 */

import type { AudienceEvent } from '../api/types.ts';

export type { AudienceEvent };
export type AudienceEventKind = AudienceEvent['kind'];

declare global {
  interface Window {
    piquanteAudience?: { push: (event: AudienceEvent) => unknown };
  }
}

/** Counts one use of a feature (a search, a signup, a quiz question reached…) on the current page. */
export function countAudienceEvent(kind: AudienceEventKind, subject: string, step?: number): void {
  const queue = window.piquanteAudience ?? ([] as AudienceEvent[]);
  window.piquanteAudience = queue;
  queue.push({ kind, subject, step });
}
