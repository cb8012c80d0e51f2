/**
 * During SSR without API_BASE_URL, the typed client hands its Request straight to the API handler of
 * this process (no socket). The server entry registers the handler here; UI code only sees a fetch.
 */
type ApiFetch = (request: Request) => Promise<Response>;
const KEY = Symbol.for('piquante.inProcessApi');
type GlobalWithApi = typeof globalThis & { [KEY]?: ApiFetch };

export function registerInProcessApi(handler: ApiFetch): void {
  (globalThis as GlobalWithApi)[KEY] = handler;
}

export function getInProcessApi(): ApiFetch | undefined {
  return (globalThis as GlobalWithApi)[KEY];
}
