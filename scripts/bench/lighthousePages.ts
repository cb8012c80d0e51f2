/**
 * The reader pages `npm run bench:lighthouse` measures, one of each kind, found on the served site itself (its
 * sitemaps, the API, a page's links), so the benchmark follows the content instead of naming slugs.
 * Search is not a page (an overlay over the current page), so it is not in the list.
 */

/** Every kind of reader page, in the order the benchmark measures them. */
export const PAGE_KINDS = [
  'home',
  'category',
  'article',
  'tag',
  'author',
  'quizzes',
  'quiz',
  'generator',
  'mosaics',
  'mosaic',
  'contests',
  'contest',
  'shopping',
  'instagram',
  'live',
  'signup',
  'mission',
  'team',
  'legal',
  'privacy',
  'charter',
  'letters',
  'letter',
  'app',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** What the site tells about itself: the paths of its sitemaps and a few pages' links. */
export interface SiteSample {
  /** Paths (no origin) of the pages sitemap, in its order. */
  pagesSitemap: string[];
  /** Paths of the authors sitemap. */
  authorsSitemap: string[];
  /** The newest article's path and its category's slug. */
  latestArticle: { fullUrl: string; categorySlug: string };
  /** Paths linked from the newest article, the home and the letters archive. */
  links: string[];
}

const FIXED: Partial<Record<PageKind, string>> = {
  home: '/',
  quizzes: '/quizzes',
  generator: '/generateur-de-repartie',
  mosaics: '/mosaiques',
  contests: '/concours',
  shopping: '/shopping',
  instagram: '/instagram',
  signup: '/inscription',
  mission: '/mission',
  team: '/equipe',
  legal: '/mentions-legales',
  privacy: '/politique-confidentialite',
  charter: '/charte-editoriale',
  letters: '/lettres',
  app: '/app',
};

const FOUND: Partial<Record<PageKind, RegExp>> = {
  quiz: /^\/quizz\/[^/]+$/,
  mosaic: /^\/mosaique\/[^/]+$/,
  contest: /^\/concours\/[^/]+$/,
  tag: /^\/tag\/[^/]+$/,
  live: /^\/direct\/[^/]+$/,
  letter: /^\/lettres\/\d+$/,
};

/** The path of each kind the site has; a kind it has none of (no tag, no live blog) is left out. */
export function readerPages(site: SiteSample): Map<PageKind, string> {
  const pages = new Map<PageKind, string>();
  const candidates = [...site.pagesSitemap, ...site.links];
  for (const kind of PAGE_KINDS) {
    const fixed = FIXED[kind];
    if (fixed) {
      pages.set(kind, fixed);
      continue;
    }
    if (kind === 'category') pages.set(kind, `/${site.latestArticle.categorySlug}`);
    else if (kind === 'article') pages.set(kind, site.latestArticle.fullUrl);
    else if (kind === 'author') {
      const author = site.authorsSitemap.find((path) => /^\/auteur\/[^/]+$/.test(path));
      if (author) pages.set(kind, author);
    } else {
      const pattern = FOUND[kind];
      const found = pattern ? candidates.find((path) => pattern.test(path)) : undefined;
      if (found) pages.set(kind, found);
    }
  }
  return pages;
}

/** `--pages=a,b`: the kinds asked for, in the benchmark's order; an unknown name is refused with the list. */
export function pickKinds(argument: string | undefined): PageKind[] {
  if (!argument) return [...PAGE_KINDS];
  const asked = argument
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = asked.filter((name) => !(PAGE_KINDS as readonly string[]).includes(name));
  if (unknown.length || asked.length === 0) {
    throw new Error(`--pages: unknown page ${unknown.join(', ') || '(none)'}; pages: ${PAGE_KINDS.join(', ')}`);
  }
  return PAGE_KINDS.filter((kind) => asked.includes(kind));
}

/** The site-relative paths of `<loc>`s and `href`s (absolute addresses on any origin become paths). */
export function pathsOf(text: string, kind: 'loc' | 'href'): string[] {
  const pattern = kind === 'loc' ? /<loc>([^<]+)<\/loc>/g : /href="([^"#?]+)[^"]*"/g;
  const paths: string[] = [];
  for (const match of text.matchAll(pattern)) {
    const raw = match[1] ?? '';
    const path = raw.startsWith('/') ? raw : raw.replace(/^https?:\/\/[^/]+/, '');
    if (path.startsWith('/') && !path.startsWith('//')) paths.push(path);
  }
  return paths;
}
