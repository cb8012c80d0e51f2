/**
 * The typewriter's clock (SPEC §9): one letter every typingMsPerLetter, then a pause of pauseMs on the
 * whole quotation, then the next one, cycling. Pure: the component only schedules what this returns.
 */
export interface TypewriterState {
  index: number;
  /** Letters of the current quotation shown so far. */
  shown: number;
}

export interface TypewriterTiming {
  typingMsPerLetter: number;
  pauseMs: number;
}

/** The next state and how long to wait before showing it. */
export function nextStep(
  state: TypewriterState,
  lengths: readonly number[],
  timing: TypewriterTiming,
): { state: TypewriterState; delayMs: number } {
  const length = lengths[state.index] ?? 0;
  if (state.shown < length) return { state: { ...state, shown: state.shown + 1 }, delayMs: timing.typingMsPerLetter };
  return { state: { index: (state.index + 1) % Math.max(lengths.length, 1), shown: 0 }, delayMs: timing.pauseMs };
}
