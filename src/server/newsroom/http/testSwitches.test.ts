import { describe, expect, it } from 'vitest';
import { testClockFromEnv } from '../../config/newsroomConfig.ts';

describe('NEWSROOM_TEST_CLOCK, a test switch', () => {
  it('is refused with NODE_ENV=production, honoured in tests, off by default', () => {
    expect(() => testClockFromEnv({ NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(testClockFromEnv({ NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' })).toBe(true);
    expect(testClockFromEnv({ NODE_ENV: 'production' })).toBe(false);
    expect(testClockFromEnv({})).toBe(false);
  });
});
