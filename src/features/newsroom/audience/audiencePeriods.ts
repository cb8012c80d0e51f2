/** The Audience page's periods (UTC days, as the server counts): today, yesterday, 7 days, 30 days, 12 months, custom. */

export type PeriodKind = 'jour' | 'hier' | '7j' | '30j' | '12m' | 'perso';

export const periodLabels: Record<PeriodKind, string> = {
  jour: "Aujourd'hui",
  hier: 'Hier',
  '7j': '7 jours',
  '30j': '30 jours',
  '12m': '12 mois',
  perso: 'Personnalisée',
};

/** A period from the address: one of the kinds, else the default (30 days). */
export const asPeriod = (value: string | undefined): PeriodKind =>
  value !== undefined && value in periodLabels ? (value as PeriodKind) : '30j';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
export const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayOf(Date.parse(`${value}T00:00:00Z`) || 0) === value;

/** The first and last day of a period ending today (`custom` gives its own days, checked). */
export function periodRange(kind: PeriodKind, now: Date, custom: { du?: string; au?: string } = {}): { from: string; to: string } {
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  switch (kind) {
    case 'jour':
      return { from: dayOf(today), to: dayOf(today) };
    case 'hier':
      return { from: dayOf(today - DAY_MS), to: dayOf(today - DAY_MS) };
    case '7j':
      return { from: dayOf(today - 6 * DAY_MS), to: dayOf(today) };
    case '12m':
      return { from: dayOf(today - 364 * DAY_MS), to: dayOf(today) };
    case 'perso':
      if (isDay(custom.du) && isDay(custom.au) && custom.du <= custom.au) return { from: custom.du, to: custom.au };
      return periodRange('30j', now);
    default:
      return { from: dayOf(today - 29 * DAY_MS), to: dayOf(today) };
  }
}

/** The change from the period before, in French ('+12 %', '−3 %', 'nouveau', '='). */
export function changeLabel(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '=' : 'nouveau';
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return '=';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}\u00a0%`;
}
