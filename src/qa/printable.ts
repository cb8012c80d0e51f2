/** Context and events as readable JSON (functions shown as such, never run). */
export function printable(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'function' ? '[fonction]' : v), 2);
}
