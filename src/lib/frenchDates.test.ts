/** French dates: « 1er » for the first of the month, the day named unless it is today, Paris time. */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../components/formatDate.ts';
import { frenchDate, frenchDateTime, frenchMoment, frenchTime, frenchUntil, frenchWhen, localInputValue } from './frenchDates.ts';

describe('French dates', () => {
  it('writes « 1er » for the first of the month, and the plain number otherwise', () => {
    expect(frenchDate('2026-11-01T10:00:00Z')).toBe('1er novembre 2026');
    expect(frenchDate('2026-11-02T10:00:00Z')).toBe('2 novembre 2026');
    expect(frenchDate('2026-11-11T10:00:00Z')).toBe('11 novembre 2026');
    expect(frenchDate('2026-11-21T10:00:00Z')).toBe('21 novembre 2026');
    expect(frenchDateTime('2026-12-01T08:05:00Z')).toBe('1er décembre 2026 à 09 h 05');
    // The reader's pages (« Envoyée le 1er novembre 2026 ») go through the same helper.
    expect(formatDate('2026-11-01T10:00:00Z')).toBe('1er novembre 2026');
  });

  it('writes times as the magazine does, « 13 h 53 », on a 24-hour clock', () => {
    expect(frenchTime('2026-11-28T12:53:00Z')).toBe('13 h 53');
    expect(frenchTime('2026-11-28T23:05:00Z')).toBe('00 h 05');
    expect(frenchTime('2026-07-01T20:05:00Z')).toBe('22 h 05');
  });

  it('counts days in Paris: 23:30 UTC on 31 October is already 1 November there', () => {
    expect(frenchDate('2026-10-31T23:30:00Z')).toBe('1er novembre 2026');
    expect(frenchDate('2026-10-31T23:30:00Z', 'UTC')).toBe('31 octobre 2026');
  });

  it('names a moment by its time today, « demain » or « hier » next to it, by its day otherwise', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(frenchMoment('2026-11-28T12:53:00Z', now)).toBe('13 h 53');
    expect(frenchMoment('2026-11-28T12:53:00Z', now, { namedToday: true })).toBe('aujourd’hui à 13 h 53');
    expect(frenchMoment('2026-11-29T12:53:00Z', now)).toBe('demain à 13 h 53');
    expect(frenchMoment('2026-11-27T12:53:00Z', now)).toBe('hier à 13 h 53');
    expect(frenchMoment('2026-11-30T12:53:00Z', now)).toBe('30 novembre à 13 h 53');
    expect(frenchMoment('2026-12-01T12:53:00Z', now, { short: true })).toBe('1er déc. à 13 h 53');
    expect(frenchMoment('2027-01-01T12:53:00Z', now)).toBe('1er janvier 2027 à 13 h 53');
    // Past midnight in Paris is tomorrow even if UTC still says today.
    expect(frenchMoment('2026-11-28T23:30:00Z', now)).toBe('demain à 00 h 30');
  });

  it('knows tomorrow across a change of time: the 25-hour night of 25 October 2026', () => {
    // 00:30 in Paris on the day clocks go back; 24 h later it is still 25 October (23:30).
    const now = new Date('2026-10-24T22:30:00Z');
    expect(frenchMoment('2026-10-25T22:45:00Z', now)).toBe('23 h 45');
    expect(frenchMoment('2026-10-25T23:15:00Z', now)).toBe('demain à 00 h 15');
  });

  it('says until when a 24 h link is valid: « jusqu’à » today or tomorrow, « jusqu’au » with its day after', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(frenchUntil('2026-11-28T12:53:00Z', now)).toBe('jusqu’à 13 h 53');
    expect(frenchUntil('2026-11-29T12:53:00Z', now)).toBe('jusqu’à demain à 13 h 53');
    expect(frenchUntil('2026-12-01T12:53:00Z', now)).toBe('jusqu’au 1er décembre à 13 h 53');
    // Made at 13 h 53 on 30 November, it ends tomorrow, 1 December.
    expect(frenchUntil('2026-12-01T12:53:00Z', new Date('2026-11-30T12:53:00Z'))).toBe('jusqu’à demain à 13 h 53');
  });

  it('puts a moment in a sentence with its preposition', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(frenchWhen('2026-11-28T09:42:00Z', now)).toBe('à 10 h 42');
    expect(frenchWhen('2026-11-27T09:42:00Z', now)).toBe('hier à 10 h 42');
    expect(frenchWhen('2026-11-01T09:42:00Z', now, { short: true })).toBe('le 1er nov. à 10 h 42');
  });

  it('gives a datetime-local field its value in the zone asked', () => {
    expect(localInputValue('2026-11-25T13:30:00Z', 'Europe/Paris')).toBe('2026-11-25T14:30');
    expect(localInputValue('2026-07-01T23:30:00Z', 'Europe/Paris')).toBe('2026-07-02T01:30');
    expect(localInputValue(new Date('2026-01-05T00:05:00Z'), 'UTC')).toBe('2026-01-05T00:05');
  });
});
