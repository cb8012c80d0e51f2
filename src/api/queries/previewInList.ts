/**
 * A previewed item of a format read as a list (shopping, Instagram) shows among the published ones: in the
 * place of its own published copy when it has one, else first — where a new item appears once published.
 */
export function withPreviewed<T extends { id: number }>(published: readonly T[], previewed: T): T[] {
  const place = published.findIndex((item) => item.id === previewed.id);
  if (place === -1) return [previewed, ...published];
  return published.map((item, index) => (index === place ? previewed : item));
}
