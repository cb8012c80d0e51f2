/**
 * The part of frenchDates.ts that readers' pages load at start (their cards' dates, components/formatDate.ts):
 * « 1er novembre 2026 », one formatter and one replacement. A module of its own because a module goes whole
 * into one chunk: the newsroom's and the live blog's moments (frenchDates.ts) stay out of every page's entry
 * (issue 38, decision 034). Import from frenchDates.ts, which re-exports these, everywhere else.
 */
export const PARIS = 'Europe/Paris';

const formatters = new Map<string, Intl.DateTimeFormat>();
export function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('fr-FR', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

export const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** Intl writes « 1 novembre »: French writes « 1er ». */
const firstOfMonth = (text: string) => text.replace(/^1(?= )/, '1er');

/** « 1er novembre 2026 », « 29 novembre 2026 ». */
export function frenchDate(value: string | Date, timeZone = PARIS): string {
  return firstOfMonth(formatter(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(asDate(value)));
}
