/**
 * A part of the server started after the first page rather than before it (issue 38: ready in ≤ 2 s): the job
 * workers, the scheduler, the pollers, the job queue itself. It starts when `start()` is called (the first
 * request answered, a job to queue) or after `delayMs`, whichever comes first, once. A stop asked before it started is final: the part never
 * starts, and there is nothing to stop. A stop asked while it starts waits for the start, then stops what
 * started: nothing is left running after `stop()` resolves.
 */

/** Starts the part; resolves with what stops it. */
export type StartPart = () => Promise<() => Promise<void> | void>;

export interface DeferredPart {
  /** Starts now, unless started or stopped already. */
  start(): void;
  /** Resolves once the part runs, or at once if it was stopped first; never rejects. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

export interface DeferredOptions {
  /** The longest wait without a request (none: only `start()` starts it); the timer does not hold the process open. */
  delayMs?: number;
  /** A failed start is said here, not thrown: the server keeps answering pages without its background work. */
  log?: (line: string) => void;
  /** What the log calls it. */
  name?: string;
}

export function deferStart(startPart: StartPart, options: DeferredOptions): DeferredPart {
  const log = options.log ?? ((line: string) => console.error(line));
  let state: 'waiting' | 'starting' | 'stopped' = 'waiting';
  let starting: Promise<(() => Promise<void> | void) | null> | null = null;
  let stopping: Promise<void> | null = null;
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const timer = options.delayMs === undefined ? undefined : setTimeout(() => start(), options.delayMs);
  timer?.unref?.();

  function start(): void {
    if (state !== 'waiting') return;
    state = 'starting';
    clearTimeout(timer);
    starting = startPart().then(
      (stopPart) => stopPart,
      (error: unknown) => {
        log(`[boot] ${options.name ?? 'background work'} could not start: ${(error as Error).message}`);
        return null;
      },
    );
    void starting.then(() => markStarted());
  }

  async function stopNow(): Promise<void> {
    const wasStarting = state === 'starting';
    state = 'stopped';
    clearTimeout(timer);
    if (!wasStarting || !starting) {
      markStarted();
      return;
    }
    const stopPart = await starting;
    await stopPart?.();
  }

  return {
    start,
    started,
    stop() {
      stopping ??= stopNow();
      return stopping;
    },
  };
}
