/** Slugs from titles: accents folded, lower case, words joined by dashes (the contract's Slug pattern). */
const MAX = 120;

export function slugify(title: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = folded.length > MAX ? folded.slice(0, MAX).replace(/-[^-]*$/, '') : folded;
  return cut || 'article';
}

/** The first of `base`, `base-2`, `base-3`… that `taken` says is free. */
export async function uniqueSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(base))) return base;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}
