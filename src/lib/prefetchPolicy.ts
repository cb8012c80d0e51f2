/** SPEC §9: link prefetch is skipped on 2g connections or when the reader asked to save data. */
import { appConfig } from '../../app.config.ts';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  const slow: readonly string[] = appConfig.navigation.noPrefetchConnections;
  return !(connection.effectiveType && slow.includes(connection.effectiveType));
}

/** The browser's connection, when it tells (Chromium); undefined on the server and elsewhere. */
export function currentConnection(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
