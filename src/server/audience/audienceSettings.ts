/**
 * The audience measurement's constants (decision 028). Server-only, so not in app.config.ts, which ships
 * with every page.
 */
export const audienceSettings = {
  /** Counters are held in memory and written every this many seconds, one statement per table. */
  flushSeconds: 5,
  /** The purge of days older than the retention runs at most this often (at a flush). */
  purgeEveryMs: 3_600_000,
  /** Whole months that ended more than this many days ago are kept per month, not per day (at the purge). */
  rollupAfterDays: 90,
  /** The CNIL's ceiling for the data of an exempt measurement. */
  retentionMonths: 25,
  /** A beacon is a path, a host, three utm values and a few events. */
  maxBodyBytes: 4096,
  /** Per IP per minute, in memory or Redis and never written: far above any reader, it only stops floods. */
  rateLimitPerMinute: 600,
  /** Distinct keys one process holds before it flushes early: bounds its memory under a flood of paths. */
  maxPendingKeys: 20_000,
  /**
   * Distinct user agents whose verdict (bot or not, device class) is remembered in memory: isbot's pattern
   * is the beacon's dearest step, and readers' browsers are few. Verdicts only, never tied to a hit; the
   * map is emptied when full.
   */
  agentVerdicts: 2_000,
  /** Longest period the newsroom can ask for, in days. */
  maxReportDays: 800,
  /** Rows of each table in the report. */
  reportRows: 200,
} as const;
