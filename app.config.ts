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
    /** Store pages of the mobile app (the /app page). */
    appStoreUrl: 'https://apps.apple.com/fr/app/piquante/id6450000000',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=fr.piquante.app',
    /** Canonical origin when SITE_URL is not set (links, sitemap, feeds). */
    defaultSiteUrl: 'http://localhost:3000',
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
    /** Items (a quiz, a mosaic…) the browser keeps to reopen without asking the server again (SPEC §4). */
    itemCacheSize: 100,
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
    /** POST /api/popin/survey: a tiny body, and a reader answers once; the limit only stops scripts. */
    survey: { maxBodyBytes: 512, rateLimitPerMinute: 20 },
    /** Shown on the register types (SPEC §2). */
    selfCareClubPitch:
      'Le SELF CARE CLUB, c’est la newsletter de Piquante qui prend soin de vous : chaque semaine, des rituels bien-être, nos meilleurs articles et des bons plans choisis par la rédaction.',
    privacyNotice:
      'Votre adresse e-mail sert uniquement à vous envoyer la newsletter choisie ; elle n’est ni vendue ni partagée. Vous pouvez vous désinscrire à tout moment grâce au lien présent dans chaque e-mail.',
  },
  newsletter: {
    defaultType: 1,
    maxBodyBytes: 16 * 1024,
    /** The newsletters a reader can pick (popin register_choice: choice1_type, choice2_type). */
    types: { 1: 'SELF CARE CLUB', 2: 'La Piquante du lundi' } as Record<number, string>,
    /** SIGNUP_RATE_LIMIT when unset: signups per IP (IPv6: per /64) per minute. */
    defaultRateLimitPerMinute: 10,
    /** Captcha challenges a single IP may ask for, per allowed signup. */
    challengesPerSignup: 10,
    /** ALTCHA proof of work: ~maxNumber/2 SHA-256 on average, well under a second in a worker. */
    altcha: { maxNumber: 100_000, expiresSeconds: 600 },
    confirmLinkDays: 7,
    unsubscribeLinkDays: 7,
    /** A pending address asking again gets a new confirmation e-mail at most this often. */
    resendConfirmationAfterSeconds: 120,
    /** Shown under every signup form and stored with each subscriber as the proof of consent. */
    consent: {
      version: '2026-11-22',
      text: 'En vous inscrivant, vous acceptez de recevoir la newsletter de Piquante par e-mail. Vos données servent uniquement à cet envoi ; vous pouvez vous désinscrire à tout moment grâce au lien présent dans chaque e-mail.',
    },
    /** SPEC §8: the server's text, and what the form shows instead. */
    alreadyRegistered: 'Vous êtes déjà inscrit',
    alreadyRegisteredShown: 'Vous êtes déjà sur notre liste !',
    successMessage: "C'est bon ! Merci pour votre inscription.",
    /** Sending an issue (issue 21): NEWSLETTER_SEND_RATE when unset, per process. */
    sendRatePerSecond: 10,
    /** Connections each process keeps open to the SMTP relay while sending an issue. */
    smtpConnections: 4,
    /** Deliveries per job: one job is a short run of sends, tried again as a whole after a crash. */
    deliveriesPerJob: 100,
    /** The postal mention at the foot of every issue. */
    postalAddress: 'Piquante — 12 rue de la Rédaction, 75011 Paris, France',
    /** The List-Id of each newsletter type: `<type>.<this>` (RFC 2919). */
    listIdDomain: 'lettres.piquante.fr',
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
    /** Link prefetch is skipped on these connection types (navigator.connection.effectiveType) or data saver. */
    noPrefetchConnections: ['slow-2g', '2g'],
  },
  header: {
    /** Scroll distance (px) after which the tagline bar collapses. */
    taglineCollapseAfterPx: 8,
  },
  /** The Cookies link of the footer fires this window event; the consent manager opens its preferences. */
  consent: { openPreferencesEvent: 'piquante:consent:open-preferences' },
  home: { bestofCount: 6, latestCount: 12 },
  article: { relatedCount: 4 },
  /** « Direct »: how often an open page asks for new entries (paused while the tab is hidden). */
  liveBlog: { pollSeconds: 20 },
  seo: {
    /** Google News sitemaps list the articles of the last 48 hours. */
    newsWindowHours: 48,
    rssItems: 30,
    /** URLs per articles sitemap file (the protocol allows 50 000). */
    sitemapChunkSize: 10_000,
    cacheControl: 'public, max-age=900',
    /** Google Discover shows large previews only for images at least this wide (the publish warnings say so). */
    discoverImageMinWidth: 1200,
    /** IndexNow: changes are gathered this long before one ping (a burst of saves is one request). */
    indexNowDebounceSeconds: 5,
    /** IndexNow takes up to 10 000 URLs per request. */
    indexNowBatchSize: 10_000,
  },
  breakpoints: { md: 768, lg: 1025, xl: 1600 },
  quiz: { answerListSizes: [4, 6] },
  /** The service worker (src/sw/, built to /sw.js): what it keeps for offline reading, and for how long. */
  serviceWorker: {
    /** Prefix of every cache it creates (the off switch deletes exactly these). */
    cachePrefix: 'piquante',
    /** Pages: the network first; the cached copy when no answer came within this many seconds. */
    pageNetworkTimeoutSeconds: 3,
    pages: { maxEntries: 60, maxAgeDays: 30 },
    api: { maxEntries: 200, maxAgeDays: 7 },
    images: { maxEntries: 300, maxAgeDays: 30 },
    /**
     * Registration waits this long after the page's load event, then for an idle moment (at most
     * registerIdleTimeoutMs more): the worker's precache downloads never compete with hydration, lazy code
     * and images of the reader's first seconds.
     */
    registerAfterLoadMs: 5000,
    registerIdleTimeoutMs: 4000,
    /** The "connection is back" line disappears after this long. */
    backOnlineMessageMs: 4000,
  },
  /** Web push (VAPID) for the header's notification prompt. */
  push: {
    maxBodyBytes: 4096,
    /** Subscribe/unsubscribe calls per IP (IPv6: per /64) per minute. */
    rateLimitPerMinute: 20,
    /** How long a push service keeps an undelivered notification (an article is news for a day). */
    ttlSeconds: 86_400,
    sendConcurrency: 10,
    sendTimeoutMs: 10_000,
    /**
     * Push services the server may send to (a host or any subdomain of it), when PUSH_ENDPOINT_HOSTS is
     * not set: Chrome/Edge/Opera/Samsung (FCM), Firefox, Safari and Windows. Nothing else is ever contacted.
     */
    defaultEndpointHosts: [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'push.services.mozilla.com',
      'push.apple.com',
      'notify.windows.com',
    ],
    icon: '/icons/icon-192.png',
  },
  /**
   * Cache-Control for JSON answers: short enough for editors, long enough to absorb spikes; a shared
   * cache may keep serving them for a day while the server is failing (stale-if-error). A 404 is never
   * cached (the contract says no-store): an article published a minute later must not stay missing.
   */
  /** The newsroom (issue 15): staff sessions, preview links, the scheduler, the editor's autosave. */
  newsroom: {
    sessionHours: 12,
    previewLinkMinutes: 60 * 24,
    /** A whole article with its rich text; the editor's JSON is verbose. */
    maxBodyBytes: 512 * 1024,
    /** Sign-in attempts per IP and minute (ADMIN_LOGIN_RATE_LIMIT overrides). */
    loginPerMinute: 10,
    /** How often the scheduler looks for due articles (NEWSROOM_SCHEDULER_SECONDS overrides). */
    schedulerSeconds: 30,
    autosaveMs: 3000,
    pageSize: 20,
    /** The best-of selection's length (the contract's BestofInput.maxItems); the home page shows the first home.bestofCount. */
    bestofMaxArticles: 16,
    minPasswordLength: 12,
    /** A « Mot de passe oublié ? » link's life (issue 39): single use, then spent. */
    passwordResetMinutes: 30,
    /** Links asked for one address per passwordResetMinutes (besides the per-IP sign-in limit). */
    passwordResetPerAddress: 3,
    /** Widths of the media library's variants (AVIF and WebP each); an image is never enlarged. */
    mediaWidths: [480, 960, 1600],
    /** A sound's limit in the media library (a quiz question's audio); MEDIA_AUDIO_MAX_BYTES overrides. */
    audioMaxBytes: 10 * 1024 * 1024,
  },
  /**
   * A PostgreSQL server that stops answering (frozen, cut off without a reset) must not hold a request: a query
   * unanswered after `queryTimeoutMs` fails (its connection is dropped) and the server stops it too
   * (statement_timeout); a request waiting for a pooled connection gives up after `acquireTimeoutMs`. Both answer
   * 503 with Retry-After (decision 033). DATABASE_QUERY_TIMEOUT_MS and DATABASE_ACQUIRE_TIMEOUT_MS override them.
   */
  database: { queryTimeoutMs: 5000, acquireTimeoutMs: 3000 },
  apiCache: {
    list: 'public, max-age=60, stale-while-revalidate=300, stale-if-error=86400',
    item: 'public, max-age=300, stale-while-revalidate=600, stale-if-error=86400',
    /** A live blog (« Direct »): polled every `liveBlog.pollSeconds`, so shared caches keep it only briefly. */
    live: 'public, max-age=10, stale-while-revalidate=10, stale-if-error=86400',
    notFound: 'no-store',
    error: 'no-store',
  },
  /**
   * Rendered pages (issue 13). Browsers revalidate every time (max-age=0, answered 304 by ETag);
   * shared caches (nginx, a CDN) and the server's own page cache keep a page `sMaxAgeSeconds`, then serve
   * it stale while one request renders it again, and keep serving it while the server fails.
   */
  pageCache: {
    sMaxAgeSeconds: 60,
    staleWhileRevalidateSeconds: 600,
    staleIfErrorSeconds: 86_400,
    /**
     * How long nginx in front (deploy/nginx.conf) keeps a page before asking again with its ETag
     * (`X-Accel-Expires: @` the end of the current second, plus this - 1; read by nginx alone): a publish on one
     * node is served by every nginx within about this, for one 304 from the page cache per page and second
     * (decision 033). Browsers and CDNs keep `s-maxage`.
     */
    proxyRevalidateSeconds: 1,
    /** In-process LRU bound: the sum of the stored bodies (identity + gzip + brotli), in bytes. */
    maxBytes: 64 * 1024 * 1024,
    /** Brotli quality for stored pages: 11 costs ~10× the CPU of 6 for ~5 % fewer bytes. */
    brotliQuality: 6,
    /** Pages never stored nor marked public: a reader's own token is in their address. */
    privatePathPrefixes: [
      '/apercu/',
      '/apercu-quizz/',
      '/apercu-generateur/',
      '/apercu-citation/',
      '/apercu-shopping/',
      '/apercu-instagram/',
      '/apercu-mosaique/',
      '/apercu-concours/',
      '/apercu-source/',
      '/admin',
      '/inscription/confirmer/',
      '/desinscription',
    ],
  },
} as const;

export type AppConfig = typeof appConfig;

/** The path prefix of the mobile app's web-view variants (SPEC §2): 'app-' + the short name. */
export const appVariantPrefix = `/app-${appConfig.site.shortName}` as const;
