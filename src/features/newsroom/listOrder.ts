/** The order of a list the newsroom writes (a quiz's questions, a mosaic's images), apart from React. */

/** The list with its item `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[from], out[to]] = [out[to] as T, out[from] as T];
  return out;
}

/** The list with its item `from` put at place `to` (0-based, clamped), the others keeping their order. */
export function placed<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item as T);
  return out;
}
