/**
 * Reading configuration values from the environment, shared by the server's domains: each domain names
 * its own error (so the message says which part of the set-up is wrong) and keeps its own defaults.
 */
const ON = ['1', 'true', 'on', 'yes'];
const OFF = ['', '0', 'false', 'off', 'no'];

export type ConfigFailure = (message: string) => Error;

/** A 1/0 switch (also true/false, on/off, yes/no); unset or empty is `fallback` (off unless said). */
export function envFlag(env: NodeJS.ProcessEnv, name: string, fail: ConfigFailure, fallback = false): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (ON.includes(raw)) return true;
  if (OFF.includes(raw)) return false;
  throw fail(`${name} must be 1 or 0 (got "${env[name]}").`);
}

/** A URL with one of `protocols` ('https:'…); null when unset. */
export function envUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[], fail: ConfigFailure): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(`${name} is not a valid URL.`);
  }
  if (!protocols.includes(url.protocol)) {
    throw fail(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
  }
  return raw;
}
