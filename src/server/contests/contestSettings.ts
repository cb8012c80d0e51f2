/**
 * Readers' contest entries (issue 39): confirmation links, resends, retention after the draw. Server-side
 * only (kept out of app.config.ts, which readers' browsers download).
 */
export const contestSettings = {
  /** An entry's confirmation link is valid this long (and never after the draw). */
  confirmLinkDays: 7,
  /** A pending entry asked again gets a new link at most this often (no mail bombing). */
  resendConfirmationAfterSeconds: 600,
  /** Entrants' data are erased this many months after the draw (CONTEST_ENTRIES_RETENTION_MONTHS overrides). */
  retentionMonths: 6,
  /** How often each server looks for entries due for erasure (a missed pass is caught up by the next). */
  erasureSweepMinutes: 60,
} as const;
