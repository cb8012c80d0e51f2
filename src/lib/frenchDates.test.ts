/** French dates: « 1er » for the first of the month, the day named unless it is today, Paris time. */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../components/formatDate.ts';
import { frenchDate, frenchDateTime, frenchMoment, frenchUntil } from './frenchDates.ts';

describe('French dates', () => {
  it('writes « 1er » for the first of the month, and the plain number otherwise', () => {
    expect(frenchDate('2026-11-01T10:00:00Z')).toBe('1er novembre 2026');
    expect(frenchDate('2026-11-02T10:00:00Z')).toBe('2 novembre 2026');
    expect(frenchDate('2026-11-11T10:00:00Z')).toBe('11 novembre 2026');
    expect(frenchDate('2026-11-21T10:00:00Z')).toBe('21 novembre 2026');
    expect(frenchDateTime('2026-12-01T08:05:00Z')).toBe('1er décembre 2026 à 09:05');
    // The reader's pages (« Envoyée le 1er novembre 2026 ») go through the same helper.
    expect(formatDate('2026-11-01T10:00:00Z')).toBe('1er novembre 2026');
  });

  it('counts days in Paris: 23:30 UTC on 31 October is already 1 November there', () => {
    expect(frenchDate('2026-10-31T23:30:00Z')).toBe('1er novembre 2026');
    expect(frenchDate('2026-10-31T23:30:00Z', 'UTC')).toBe('31 octobre 2026');
  });

  it('names a moment by its time today, by its day otherwise, with the year only when it is another', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(frenchMoment('2026-11-28T12:53:00Z', now)).toBe('13:53');
    expect(frenchMoment('2026-11-29T12:53:00Z', now)).toBe('29 novembre à 13:53');
    expect(frenchMoment('2026-12-01T12:53:00Z', now, { short: true })).toBe('1er déc. à 13:53');
    expect(frenchMoment('2027-01-01T12:53:00Z', now)).toBe('1er janvier 2027 à 13:53');
    // Past midnight in Paris is tomorrow even if UTC still says today.
    expect(frenchMoment('2026-11-28T23:30:00Z', now)).toBe('29 novembre à 00:30');
  });

  it('says until when a link is valid: « jusqu’à » today, « jusqu’au » with the day another day', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(frenchUntil('2026-11-28T12:53:00Z', now)).toBe('jusqu’à 13:53');
    expect(frenchUntil('2026-11-29T12:53:00Z', now)).toBe('jusqu’au 29 novembre à 13:53');
    expect(frenchUntil('2026-12-01T12:53:00Z', now)).toBe('jusqu’au 1er décembre à 13:53');
  });
});
