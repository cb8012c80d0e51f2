import { describe, expect, it } from 'vitest';
import { contestInputOf, emptyContestForm, fromLocalInput, localInput } from './contestFormModel.ts';

describe('the contest form', () => {
  it('shows and reads dates in Paris time, summer and winter', () => {
    expect(localInput('2026-07-01T10:00:00Z')).toBe('2026-07-01T12:00');
    expect(localInput('2026-12-01T10:00:00Z')).toBe('2026-12-01T11:00');
    expect(fromLocalInput('2026-07-01T12:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(fromLocalInput('2026-12-01T11:00')).toBe('2026-12-01T10:00:00.000Z');
    expect(fromLocalInput('demain')).toBe('');
  });

  it('sends the rules one per line, without blank lines, and no address when none is typed', () => {
    const input = contestInputOf({ ...emptyContestForm(new Date('2026-11-25T00:00:00Z')), rules: ' Un.\n\n Deux. \n' });
    expect(input.rules).toEqual(['Un.', 'Deux.']);
    expect('slug' in input).toBe(false);
    expect(input.startsAt).toBe('2026-11-25T00:00:00.000Z');
  });
});
