/**
 * The reader's side of the exempt audience measurement (decision 028), shared by the page-view beacon and the
 * objection switch: whether this reader objected, and the send.
 * No identifier anywhere: the objection is one flag, the same for everyone, written only when the reader
 * objects; Global Privacy Control counts as an objection without any storage.
 */

import type { AudienceEvent } from '../../lib/audience.ts';

export const AUDIENCE_ENDPOINT = '/api/audience/hits';
/** Written only when the reader objects (value 'objected'), removed when they take it back. */
export const AUDIENCE_OBJECTION_KEY = 'piquante_audience';

export function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

export function audienceObjected(): boolean {
  if (globalPrivacyControl()) return true;
  try {
    return localStorage.getItem(AUDIENCE_OBJECTION_KEY) === 'objected';
  } catch {
    // Storage refused by the browser: nothing was ever written, so no objection either.
    return false;
  }
}

/** Readers' pages only: the newsroom and previews are never measured. */
export function measuredPath(pathname: string): boolean {
  return !/^\/(admin|apercu)(\/|$)/.test(pathname);
}

/** Sends one beacon (text/plain JSON, what sendBeacon does with a string); never throws, never waits. */
export function sendAudience(body: Record<string, unknown>): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if (audienceObjected() || !measuredPath(location.pathname)) return;
  try {
    navigator.sendBeacon(AUDIENCE_ENDPOINT, JSON.stringify({ path: location.pathname, ...body }));
  } catch {
    // A beacon refused by the browser (quota) is a figure lost, never an error for the reader.
  }
}

/** Sends one feature event on the current page (its subject cut to the contract's 120 characters). */
export function sendAudienceEvent(event: AudienceEvent): void {
  const subject = event.subject.slice(0, 120);
  if (subject.trim() === '') return;
  sendAudience({ events: [event.step === undefined ? { kind: event.kind, subject } : { kind: event.kind, subject, step: event.step }] });
}
