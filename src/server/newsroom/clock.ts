/**
 * The newsroom's clock: the scheduler and sessions ask it the time, so tests can move it. Production
 * never moves it (advancing is refused unless NEWSROOM_TEST_CLOCK=1, see http/newsroomHandlers.ts).
 */
export interface Clock {
  now: () => Date;
  /** Moves this clock forward (tests only). */
  advance: (seconds: number) => void;
}

export function createClock(start: () => number = Date.now): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(start() + offsetMs),
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
  };
}
