/**
 * Contests' settings read from the environment (docs/operating/configuration.md): how long entrants' data are
 * kept after a contest's draw. The privacy policy states the default; a deployment may shorten it.
 */
import { contestSettings } from '../contests/contestSettings.ts';

export interface ContestConfig {
  /** CONTEST_ENTRIES_RETENTION_MONTHS: entrants' data are erased this many months after the draw (1 to 36). */
  retentionMonths: number;
}

export function contestConfigFromEnv(env: NodeJS.ProcessEnv): ContestConfig {
  const raw = env.CONTEST_ENTRIES_RETENTION_MONTHS?.trim();
  if (!raw) return { retentionMonths: contestSettings.retentionMonths };
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 36) {
    throw new Error(`CONTEST_ENTRIES_RETENTION_MONTHS must be a whole number of months from 1 to 36 (got "${raw}").`);
  }
  return { retentionMonths: Number(raw) };
}
