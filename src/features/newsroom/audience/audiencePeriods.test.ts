import { describe, expect, it } from 'vitest';
import { toCsv } from './audienceCsv.ts';
import { changeLabel, periodRange } from './audiencePeriods.ts';

describe('Audience periods and CSV', () => {
  const now = new Date('2026-11-28T23:30:00.000Z');
  it('gives each period its UTC days, a custom one only when well-formed', () => {
    expect(periodRange('jour', now)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(periodRange('hier', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(periodRange('7j', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(periodRange('30j', now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(periodRange('12m', now)).toEqual({ from: '2025-11-29', to: '2026-11-28' });
    expect(periodRange('perso', now, { du: '2026-01-01', au: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodRange('perso', now, { du: '2026-02-30', au: '2026-03-01' })).toEqual(periodRange('30j', now));
    expect(periodRange('perso', now, { du: '2026-03-01', au: '2026-01-01' })).toEqual(periodRange('30j', now));
  });
  it('says the change from the period before in French', () => {
    expect([changeLabel(12, 10), changeLabel(9, 10), changeLabel(0, 0), changeLabel(3, 0), changeLabel(10, 10)]).toEqual([
      '+20\u00a0%',
      '−10\u00a0%',
      '=',
      'nouveau',
      '=',
    ]);
  });
  it('writes CSV that spreadsheets read as text, never as formulas', () => {
    expect(
      toCsv(
        ['Page', 'Vues'],
        [
          ['/a;b', 3],
          ['=HYPERLINK("x")', 1],
          ['dit "oui"', null],
        ],
      ),
    ).toBe('\ufeffPage;Vues\r\n"/a;b";3\r\n"\'=HYPERLINK(""x"")";1\r\n"dit ""oui""";\r\n');
  });
});
