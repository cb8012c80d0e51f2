import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { nextStep } from './typewriter.ts';

const timing = appConfig.quotation;

describe('typewriter clock', () => {
  it('types one letter per tick at the configured speed', () => {
    const step = nextStep({ index: 0, shown: 2 }, [5, 3], timing);
    expect(step).toEqual({ state: { index: 0, shown: 3 }, delayMs: 100 });
  });

  it('pauses 3 s on a complete quotation, then starts the next one from nothing', () => {
    const step = nextStep({ index: 0, shown: 5 }, [5, 3], timing);
    expect(step).toEqual({ state: { index: 1, shown: 0 }, delayMs: 3000 });
  });

  it('cycles back to the first quotation after the last', () => {
    const lengths = Array.from({ length: timing.count }, () => 1);
    expect(nextStep({ index: timing.count - 1, shown: 1 }, lengths, timing).state).toEqual({ index: 0, shown: 0 });
  });
});
