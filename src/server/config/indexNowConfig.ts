/**
 * IndexNow (issue 36): INDEXNOW_KEY, the key the search engines check at `/{key}.txt` (unset: one is generated
 * once and kept in the database, so every node serves the same), and INDEXNOW_ENDPOINT, where changed
 * addresses are sent (unset: nothing is sent; https://api.indexnow.org/indexnow reaches every engine that
 * takes part). Read here once, at boot, by readServerConfig.
 */
export interface IndexNowConfig {
  /** INDEXNOW_KEY; null: generated once and kept in the database (site_settings). */
  key: string | null;
  /** INDEXNOW_ENDPOINT; null: no engine is told. */
  endpoint: string | null;
}

/** What IndexNow accepts as a key: 8 to 128 letters, digits or dashes. */
export const INDEXNOW_KEY_PATTERN = /^[a-zA-Z0-9-]{8,128}$/;

export function indexNowConfigFromEnv(env: NodeJS.ProcessEnv): IndexNowConfig {
  const key = env.INDEXNOW_KEY?.trim() ?? '';
  if (key !== '' && !INDEXNOW_KEY_PATTERN.test(key)) {
    throw new Error(`INDEXNOW_KEY must be 8 to 128 letters (a-z, A-Z), digits or dashes (got ${key.length} characters).`);
  }
  const endpoint = env.INDEXNOW_ENDPOINT?.trim() ?? '';
  if (endpoint !== '' && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error(`INDEXNOW_ENDPOINT must be an http(s) URL such as https://api.indexnow.org/indexnow (got "${endpoint}").`);
  }
  if (endpoint !== '' && !URL.canParse(endpoint)) {
    throw new Error(`INDEXNOW_ENDPOINT must be an http(s) URL such as https://api.indexnow.org/indexnow (got "${endpoint}").`);
  }
  return { key: key || null, endpoint: endpoint || null };
}
