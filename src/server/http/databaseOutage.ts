/**
 * A database that cannot be reached (stopped, restarting, network cut) is not a bug of ours: the API
 * answers 503 with Retry-After and a French sentence the signup form shows, instead of a bare 500.
 * Nothing was stored (the write did not commit), so trying again later is the right advice.
 */
import { errorJson } from './responses.ts';

/** Seconds a client should wait: PostgreSQL restarts in a few seconds; the pool reconnects on its own. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const OUTAGE_MESSAGE = "Le service est momentanément indisponible. Rien n'a été enregistré ; réessayez dans quelques secondes.";

/** Socket errors and the SQLSTATE classes 08 (connection exception) and 57P (operator intervention). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** The last two: a server that stopped answering (frozen, cut off), past the pool's bounds (app.config `database`). */
const OUTAGE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|Query read timeout|timeout exceeded when trying to connect/i;

export function isDatabaseOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // 57014: the server's statement_timeout (app.config `database`) stopped a query that was waiting too long.
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '57014'))
      return true;
    if (typeof message === 'string' && OUTAGE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

export function serviceUnavailable(): Response {
  return errorJson(503, OUTAGE_MESSAGE, undefined, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
}

export const DISK_FULL_MESSAGE =
  "Le disque du serveur est plein : rien n'a été enregistré. Prévenez l'équipe technique, puis réessayez une fois la place libérée.";

/**
 * The database could not write for want of space (SQLSTATE 53100 disk_full: the embedded PGlite's DATA_DIR, or
 * a PostgreSQL server's disk). Reads go on; the write was rolled back whole.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    current = cause;
  }
  return false;
}

/** A 503 that says why in French, and when to try again (space is freed by a person, not in seconds). */
export function diskFull(): Response {
  return errorJson(503, DISK_FULL_MESSAGE, undefined, { 'retry-after': '300' });
}
