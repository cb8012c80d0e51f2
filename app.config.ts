/**
 * The site's own configuration: identity, the permanent redirect table and every constant of SPEC §9.
 * TanStack Start no longer reads this file (its config is vite.config.ts), so it is ours alone:
 * one place where product people can read and change the numbers.
 */
export const appConfig = {
  site: {
    name: 'Piquante',
    shortName: 'piquante',
    locale: 'fr_FR',
    language: 'fr',
    defaultTagline: 'Fashion, beauty, culture and self care — with a kick.',
    contactEmail: 'bonjour@piquante.fr',
    partnersEmail: 'partenaires@piquante.fr',
    recruitmentUrl: 'https://www.welcometothejungle.com/fr/companies/piquante',
    instagramUrl: 'https://www.instagram.com/piquante.mag/',
    facebookUrl: 'https://www.facebook.com/piquante.mag',
  },
  /** SPEC §2: old prefixes answered with a 301, the rest of the path and the query kept. */
  redirects: [
    { from: '/engagement', to: '/societe' },
    { from: '/idees', to: '/societe' },
    { from: '/lieux', to: '/break' },
    { from: '/gaming', to: '/break' },
    { from: '/style', to: '/mode' },
    { from: '/astro', to: '/spiritualite' },
    { from: '/travail', to: '/business' },
  ],
  pagination: {
    defaultLimit: 12,
    maxLimit: 100,
    maxOffset: 1_000_000,
  },
  instagram: {
    batchSize: 16,
    moreThreshold: 16,
    homeCount: 12,
    maxOriginalPosts: 50,
  },
  search: {
    minQueryLength: 3,
    debounceMs: 500,
    defaultLimit: 12,
    maxLimit: 50,
    maxQueryLength: 200,
  },
  popin: {
    touchDelayMs: 4000,
    baseDelayMs: 200,
    autoCloseAfterSignupMs: 5000,
    dismissalCookieDays: 1,
    cookiePrefix: 'regie_',
    maxButtons: 4,
    choices: 2,
  },
  newsletter: {
    defaultType: 1,
    maxBodyBytes: 16 * 1024,
  },
  quotation: {
    typingMsPerLetter: 100,
    pauseMs: 3000,
    count: 8,
  },
  progressBar: {
    durationMs: 5000,
    throttleMs: 200,
    hideAfterMs: 500,
    heightPx: 2,
  },
  navigation: {
    minPendingMs: 200,
    chunkReloadMinIntervalMs: 60_000,
  },
  breakpoints: { md: 768, lg: 1025, xl: 1600 },
  quiz: { answerListSizes: [4, 6] },
  /** Cache-Control for JSON answers: short enough for editors, long enough to absorb spikes. */
  apiCache: {
    list: 'public, max-age=60, stale-while-revalidate=300',
    item: 'public, max-age=300, stale-while-revalidate=600',
    notFound: 'public, max-age=30',
    error: 'no-store',
  },
} as const;

export type AppConfig = typeof appConfig;
