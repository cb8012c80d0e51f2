/**
 * Every date the site and the newsroom write in French (issue 39, point 9): « 1er » for the first of the
 * month (Intl writes « 1 novembre »), the newsroom's time zone by default so server and browser render the
 * same text, and a moment named by its day unless it is today (« jusqu'au 29 novembre à 13:53 »).
 */
export const PARIS = 'Europe/Paris';

/** The browser's own zone: for a date the reader typed in a `datetime-local` field (read in that zone). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Parts = { day: number; month: string; monthShort: string; year: string; time: string; dayKey: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('fr-FR', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

function partsOf(date: Date, timeZone: string): Parts {
  const get = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    formatter(timeZone, options)
      .formatToParts(date)
      .find((p) => p.type === type)?.value ?? '';
  const day = Number(get({ day: 'numeric' }, 'day'));
  const month = get({ day: 'numeric', month: 'long' }, 'month');
  const monthShort = get({ day: 'numeric', month: 'short' }, 'month');
  const year = get({ year: 'numeric' }, 'year');
  const time = formatter(timeZone, { hour: '2-digit', minute: '2-digit' }).format(date);
  return { day, month, monthShort, year, time, dayKey: `${year}-${month}-${day}` };
}

const dayNumber = (day: number) => (day === 1 ? '1er' : String(day));
const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** Intl writes « 1 novembre »: French writes « 1er ». */
const firstOfMonth = (text: string) => text.replace(/^1(?= )/, '1er');

/**
 * « 1er novembre 2026 », « 29 novembre 2026 ». Kept to one formatter and one replacement: readers' pages
 * load it (components/formatDate.ts), and the rest of this module is left out of their bundle.
 */
export function frenchDate(value: string | Date, timeZone = PARIS): string {
  return firstOfMonth(formatter(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(asDate(value)));
}

/** « 1er novembre 2026 à 09:05 ». */
export function frenchDateTime(value: string | Date, timeZone = PARIS): string {
  const date = asDate(value);
  return `${frenchDate(date, timeZone)} à ${partsOf(date, timeZone).time}`;
}

/**
 * A moment near now: « 13:53 » today, otherwise its day and time, without the year when it is this year
 * (« 1er déc. à 13:53 » with `short`, « 1er décembre à 13:53 » without).
 */
export function frenchMoment(value: string | Date, now: Date, options: { short?: boolean; timeZone?: string } = {}): string {
  const timeZone = options.timeZone ?? PARIS;
  const p = partsOf(asDate(value), timeZone);
  const today = partsOf(now, timeZone);
  if (p.dayKey === today.dayKey) return p.time;
  const day = `${dayNumber(p.day)} ${options.short ? p.monthShort : p.month}${p.year === today.year ? '' : ` ${p.year}`}`;
  return `${day} à ${p.time}`;
}

/** « jusqu'à 13:53 » today, « jusqu'au 29 novembre à 13:53 » another day. */
export function frenchUntil(value: string | Date, now: Date, timeZone = PARIS): string {
  const date = asDate(value);
  const today = partsOf(date, timeZone).dayKey === partsOf(now, timeZone).dayKey;
  return `${today ? 'jusqu’à' : 'jusqu’au'} ${frenchMoment(date, now, { timeZone })}`;
}
