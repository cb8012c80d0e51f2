/**
 * Every date and time the site, the newsroom and the mails write (issue 39, point 9), and the only module
 * that formats one with frenchDatesCore.ts, its part readers' pages load at start (scripts/architecture/dateFormats.test.ts): « 1er » for the first of the month (Intl
 * writes « 1 novembre »), times as the magazine writes them (« 13 h 53 »), the newsroom's time zone by
 * default so server and browser render the same text, and a moment named by its day unless it is today
 * (« demain à 13 h 53 », « jusqu’au 29 novembre à 13 h 53 »).
 */
export { frenchDate, PARIS } from './frenchDatesCore.ts';

import { asDate, formatter, frenchDate, PARIS } from './frenchDatesCore.ts';

/** The browser's own zone: for a date the reader typed in a `datetime-local` field (read in that zone). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Parts = { day: number; month: string; monthShort: string; year: string; time: string; dayKey: string };

/** « 09 h 05 »: Intl writes « 09:05 ». */
const clock = (date: Date, timeZone: string) =>
  formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date).replace(':', ' h ');

function partsOf(date: Date, timeZone: string): Parts {
  const get = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    formatter(timeZone, options)
      .formatToParts(date)
      .find((p) => p.type === type)?.value ?? '';
  const day = Number(get({ day: 'numeric' }, 'day'));
  const month = get({ day: 'numeric', month: 'long' }, 'month');
  const monthShort = get({ day: 'numeric', month: 'short' }, 'month');
  const year = get({ year: 'numeric' }, 'year');
  const time = clock(date, timeZone);
  return { day, month, monthShort, year, time, dayKey: `${year}-${month}-${day}` };
}

const dayNumber = (day: number) => (day === 1 ? '1er' : String(day));

/** « 13 h 53 », « 09 h 05 ». */
export function frenchTime(value: string | Date, timeZone = PARIS): string {
  return clock(asDate(value), timeZone);
}

/** « 1er novembre 2026 à 09 h 05 ». */
export function frenchDateTime(value: string | Date, timeZone = PARIS): string {
  const date = asDate(value);
  return `${frenchDate(date, timeZone)} à ${clock(date, timeZone)}`;
}

/** The calendar day `days` after `now`'s in the zone: from noon UTC of that day, clear of daylight-saving changes. */
function dayKeyAfter(now: Date, days: number, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return partsOf(new Date(Date.UTC(get('year'), get('month') - 1, get('day') + days, 12)), timeZone).dayKey;
}

/** Today, tomorrow or yesterday in the zone, by name; null for any other day. */
function nearDay(date: Date, now: Date, timeZone: string): 'today' | 'tomorrow' | 'yesterday' | null {
  const key = partsOf(date, timeZone).dayKey;
  if (key === partsOf(now, timeZone).dayKey) return 'today';
  if (key === dayKeyAfter(now, 1, timeZone)) return 'tomorrow';
  if (key === dayKeyAfter(now, -1, timeZone)) return 'yesterday';
  return null;
}

export interface MomentOptions {
  /** « 1er déc. » rather than « 1er décembre ». */
  short?: boolean;
  /** « aujourd’hui à 13 h 53 » rather than « 13 h 53 » alone (in a list, next to other days). */
  namedToday?: boolean;
  timeZone?: string;
}

/**
 * A moment near now: « 13 h 53 » today, « demain à 13 h 53 », « hier à 13 h 53 », otherwise its day and
 * time, without the year when it is this year (« 1er déc. à 13 h 53 » with `short`, « 1er décembre à 13 h 53 »
 * without).
 */
export function frenchMoment(value: string | Date, now: Date, options: MomentOptions = {}): string {
  const timeZone = options.timeZone ?? PARIS;
  const date = asDate(value);
  const p = partsOf(date, timeZone);
  const near = nearDay(date, now, timeZone);
  if (near === 'today') return options.namedToday ? `aujourd’hui à ${p.time}` : p.time;
  if (near === 'tomorrow') return `demain à ${p.time}`;
  if (near === 'yesterday') return `hier à ${p.time}`;
  const today = partsOf(now, timeZone);
  const day = `${dayNumber(p.day)} ${options.short ? p.monthShort : p.month}${p.year === today.year ? '' : ` ${p.year}`}`;
  return `${day} à ${p.time}`;
}

/** A moment in a list or a journal: « aujourd’hui à 13 h 53 », « hier à 9 h 05 », « 27 nov. à 13 h 53 ». */
export const frenchStamp = (value: string | Date, now: Date = new Date(), timeZone = PARIS) =>
  frenchMoment(value, now, { short: true, namedToday: true, timeZone });

/** « 1er déc. 2026 à 10 h 30 »: a date and time that reads the same any day (a popin's dates in a list). */
export function frenchShortDateTime(value: string | Date, timeZone = PARIS): string {
  const date = asDate(value);
  const p = partsOf(date, timeZone);
  return `${dayNumber(p.day)} ${p.monthShort} ${p.year} à ${p.time}`;
}

/**
 * A moment in a sentence, with its preposition: « à 13 h 53 » today, « demain à 13 h 53 », « hier à 13 h 53 »,
 * « le 27 novembre à 13 h 53 » (« Brouillon enregistré à 10 h 42 », « … a modifié cet article le 1er déc. à 9 h 05 »).
 */
export function frenchWhen(value: string | Date, now: Date, options: Omit<MomentOptions, 'namedToday'> = {}): string {
  const date = asDate(value);
  const near = nearDay(date, now, options.timeZone ?? PARIS);
  const moment = frenchMoment(date, now, options);
  return near === 'today' ? `à ${moment}` : near ? moment : `le ${moment}`;
}

/** « jusqu’à 13 h 53 » today, « jusqu’à demain à 13 h 53 », « jusqu’au 29 novembre à 13 h 53 » another day. */
export function frenchUntil(value: string | Date, now: Date, timeZone = PARIS): string {
  const date = asDate(value);
  return `${nearDay(date, now, timeZone) ? 'jusqu’à' : 'jusqu’au'} ${frenchMoment(date, now, { timeZone })}`;
}

/** The value a `datetime-local` field takes, « 2026-11-25T14:30 », in the zone (the browser's by default). */
export function localInputValue(value: string | Date, timeZone = browserTimeZone()): string {
  const parts = formatter(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(asDate(value));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
