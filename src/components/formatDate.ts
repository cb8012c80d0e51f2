/** Dates in French (« 1er novembre 2026 »), in the newsroom's time zone: see lib/frenchDates.ts. */
// The core alone: the rest of frenchDates.ts stays out of readers' pages (issue 38).
import { frenchDate } from '../lib/frenchDatesCore.ts';

/**
 * Formatting with a time zone costs microseconds a date, and a page shows a dozen, mostly the same ones
 * from page to page (issue 22): remembered, up to a bound (then forgotten all at once).
 */
const formatted = new Map<string, string>();
const MAX_REMEMBERED = 2000;

export function formatDate(iso: string): string {
  let text = formatted.get(iso);
  if (text === undefined) {
    text = frenchDate(iso);
    if (formatted.size >= MAX_REMEMBERED) formatted.clear();
    formatted.set(iso, text);
  }
  return text;
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Prices come in cents (contract: integer amount). */
export function formatPrice(amountCents: number): string {
  return euros.format(amountCents / 100);
}
