/**
 * The database schema (Drizzle, pg-core). Nested editorial documents (quiz questions, mosaic images,
 * replies, popin parts) are jsonb typed by the contract: they are read and written whole, never queried
 * inside, so normalising them would only add joins.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AdminQuizQuestion,
  AdminQuizResult,
  ConsentRecordInput,
  ContentBlock,
  Image,
  MosaicImage,
  PopinParts,
  PopinTrigger,
  QuizQuestion,
  Reply,
} from '../api/types.ts';

/** PostgreSQL's tsvector; only ever written by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Recency indexes are ascending on purpose: ORDER BY x DESC reads them backwards. (A DESC index as
 * Drizzle writes it is NULLS LAST, which does not match ORDER BY x DESC, so PostgreSQL sorted instead.)
 */
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The columns every format of the editorial workflow shares (status, version, schedule, who and when),
 * spread into each format's table so that the workflow's adapter (server/newsroom/workflow/editorialTable.ts)
 * reads and writes them the same way everywhere. Formats from before the newsroom default to 'published'
 * (their seeded rows were public): `editorialColumns(newsroomStatus().default('published'))`; the articles'
 * and quizzes' working copies have no default: `editorialColumns(newsroomStatus())`.
 */
export function editorialColumns<Status extends ReturnType<typeof newsroomStatus>>(status: Status) {
  return {
    status,
    version: integer('version').notNull().default(1),
    scheduledAt: tstz('scheduled_at'),
    /** Set on first publication; null for a draft never published (readers only get published rows). */
    publishedAt: tstz('published_at'),
    createdBy: integer('created_by').references(() => staff.id),
    updatedBy: integer('updated_by').references(() => staff.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  };
}

/** The editorial status column, for editorialColumns (with `.default('published')` for formats seeded public). */
export const newsroomStatus = () => text('status').$type<NewsroomStatus>().notNull();

/**
 * A format's revisions table: a snapshot per saved version (the editorial workflow's revisions). One shape
 * for every format, the item's column keeping its historical SQL name (`quotation_id`, `mosaic_id`…) behind
 * the one TypeScript key `itemId`, so one revision store serves them all. `name` is typed `string` on
 * purpose: every revisions table then has the same TypeScript type.
 */
export function revisionsTableFor(name: string, itemColumn: string, item: () => AnyPgColumn, versionIndex: string) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      itemId: integer(itemColumn).notNull().references(item, { onDelete: 'cascade' }),
      version: integer('version').notNull(),
      snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
      staffId: integer('staff_id').references(() => staff.id),
      createdAt: tstz('created_at').notNull().defaultNow(),
    },
    (t) => [uniqueIndex(versionIndex).on(t.itemId, t.version)],
  );
}

/** What every revisions table is (revisionsTableFor). */
export type RevisionsTable = ReturnType<typeof revisionsTableFor>;

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  color: text('color').notNull(),
  position: integer('position').notNull().default(0),
});

/** Bylines: each has a public page, /auteur/<slug> (issue 36), with its bio and photo. */
export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  /** Plain text, shown on the author's page and as the Person's description. */
  bio: text('bio').notNull().default(''),
  /** A media library image, resolved when written (like every format's images); null: no photo. */
  photo: jsonb('photo').$type<Image>(),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    body: jsonb('body').$type<ContentBlock[]>().notNull(),
    mainImage: jsonb('main_image').$type<Image>().notNull(),
    stamp: text('stamp'),
    bestofRank: integer('bestof_rank'),
    readingMinutes: smallint('reading_minutes').notNull(),
    publishedAt: tstz('published_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    /** The newsroom's SEO overrides ('' / null: the title, subtitle and main image are used). */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    ogImage: text('og_image'),
    /**
     * French full-text documents, generated by the database so they never lag behind the content
     * (configuration and functions: migration 0001). Title and subtitle have their own vectors so
     * that search can answer them first, by tiers, each read in recency order (decision 003).
     */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('piquante_fr'::regconfig, piquante_normalize(title))`),
    subtitleVector: tsvector('subtitle_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('piquante_fr'::regconfig, piquante_normalize(subtitle))`),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('piquante_fr'::regconfig, piquante_normalize(title)), 'A') || setweight(to_tsvector('piquante_fr'::regconfig, piquante_normalize(subtitle)), 'B') || setweight(to_tsvector('piquante_fr'::regconfig, piquante_body_text(body)), 'C')`,
      ),
  },
  (t) => [
    index('articles_search_idx').using('gin', t.searchVector),
    index('articles_title_search_idx').using('gin', t.titleVector),
    index('articles_subtitle_search_idx').using('gin', t.subtitleVector),
    index('articles_title_fold_idx').on(sql`piquante_fold(${t.title})`),
    index('articles_title_trgm_idx').using('gin', sql`piquante_fold(${t.title}) gin_trgm_ops`),
    index('articles_published_idx').on(t.publishedAt, t.id),
    index('articles_category_published_idx').on(t.categoryId, t.publishedAt, t.id),
    index('articles_bestof_idx').on(t.bestofRank).where(sql`${t.bestofRank} is not null`),
    // An author's page: their articles, newest first (the bylines' side has its own index).
    index('articles_author_published_idx').on(t.authorId, t.publishedAt, t.id),
  ],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    questions: jsonb('questions').$type<QuizQuestion[]>().notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [index('quizzes_published_idx').on(t.publishedAt, t.id)],
);

export const quizResults = pgTable(
  'quiz_results',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('quiz_results_quiz_url_idx').on(t.quizId, t.url)],
);

/**
 * The newsroom's working copy of a quiz (decision 011, as articles): drafts, versions, schedule. While
 * published, the readers' `quizzes` row (same id) and its `quiz_results` are written from it by the
 * editorial workflow; nothing else writes them but the demo seed, whose quizzes are backfilled here.
 */
export const newsroomQuizzes = pgTable(
  'newsroom_quizzes',
  {
    /** Also the id of the `quizzes` row while published. */
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    ...editorialColumns(newsroomStatus()),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    questions: jsonb('questions').$type<AdminQuizQuestion[]>().notNull(),
    results: jsonb('results').$type<AdminQuizResult[]>().notNull(),
  },
  (t) => [
    uniqueIndex('newsroom_quizzes_slug_idx').on(t.slug),
    index('newsroom_quizzes_updated_idx').on(t.updatedAt, t.id),
    index('newsroom_quizzes_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('newsroom_quizzes_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** Every saved state of a quiz, for the diff and the restore. */
export const quizRevisions = revisionsTableFor('quiz_revisions', 'quiz_id', () => newsroomQuizzes.id, 'quiz_revisions_quiz_version_idx');

export const mosaics = pgTable(
  'mosaics',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cover: jsonb('cover').$type<Image>().notNull(),
    images: jsonb('images').$type<MosaicImage[]>().notNull(),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('mosaics_published_idx').on(t.publishedAt, t.id),
    index('mosaics_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('mosaics_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** A snapshot of each saved version of a mosaic (the editorial workflow's revisions). */
export const mosaicRevisions = revisionsTableFor('mosaic_revisions', 'mosaic_id', () => mosaics.id, 'mosaic_revisions_mosaic_version_idx');

export const formatContests = pgTable(
  'format_contests',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    prize: text('prize').notNull(),
    rules: jsonb('rules').$type<string[]>().notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** The question entrants answer ('' for none); with choices, the answer is one of them. */
    question: text('question').notNull().default(''),
    questionChoices: jsonb('question_choices').$type<string[]>().notNull().default([]),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('format_contests_published_idx').on(t.publishedAt, t.id),
    index('format_contests_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('format_contests_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    check('format_contests_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type ContestEntryStatus = 'pending' | 'confirmed';

/**
 * A reader's entry to a contest: one per address and contest, counted once its e-mailed link is confirmed
 * (only a SHA-256 of that link's token is kept). Erased with the draw's retention (contestErasure.ts).
 */
export const contestEntries = pgTable(
  'contest_entries',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => formatContests.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    answer: text('answer').notNull().default(''),
    newsletter: boolean('newsletter').notNull().default(false),
    status: text('status').$type<ContestEntryStatus>().notNull().default('pending'),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: tstz('token_expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    confirmedAt: tstz('confirmed_at'),
  },
  (t) => [
    uniqueIndex('contest_entries_contest_email_idx').on(t.contestId, t.email),
    uniqueIndex('contest_entries_token_idx').on(t.tokenHash),
    check('contest_entries_status_check', sql`${t.status} in ('pending', 'confirmed')`),
  ],
);

/**
 * A contest's one draw, kept so that it can be audited after the entrants' data are erased: the seed, the
 * confirmed entries drawn from (ids), the winners' ids in the order drawn and their public names.
 */
export const contestDraws = pgTable('contest_draws', {
  contestId: integer('contest_id')
    .primaryKey()
    .references(() => formatContests.id, { onDelete: 'cascade' }),
  seed: text('seed').notNull(),
  poolIds: jsonb('pool_ids').$type<number[]>().notNull(),
  winnerIds: jsonb('winner_ids').$type<number[]>().notNull(),
  winners: jsonb('winners').$type<string[]>().notNull(),
  drawnAt: tstz('drawn_at').notNull().defaultNow(),
  drawnBy: integer('drawn_by'),
  eraseAfter: tstz('erase_after').notNull(),
  erasedAt: tstz('erased_at'),
});

/** A snapshot of each saved version of a contest (the editorial workflow's revisions). */
export const formatContestRevisions = revisionsTableFor(
  'format_contest_revisions',
  'contest_id',
  () => formatContests.id,
  'format_contest_revisions_contest_version_idx',
);

/**
 * Repartee generators: one row is both the newsroom's working copy (status, version, who and when) and what
 * readers get, shown only while `status` is 'published' (content/reparteeGenerators.server.ts). A reply's id
 * is its shareable address (`?replique=`): kept when its text is edited, never given again once removed
 * (`next_reply_id`). Rows from before the newsroom (the demo seed) are published, version 1.
 */
export const reparteeGenerators = pgTable(
  'repartee_generators',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    replies: jsonb('replies').$type<Reply[]>().notNull(),
    position: integer('position').notNull(),
    /** The id the next new reply gets: above every id this generator has ever given. */
    nextReplyId: integer('next_reply_id').notNull().default(1),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('repartee_generators_position_idx').on(t.position, t.id),
    index('repartee_generators_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('repartee_generators_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** A snapshot of each saved version of a repartee generator (the editorial workflow's revisions). */
export const reparteeGeneratorRevisions = revisionsTableFor(
  'repartee_generator_revisions',
  'generator_id',
  () => reparteeGenerators.id,
  'repartee_generator_revisions_generator_version_idx',
);

/**
 * The shopping selection: one row is both the newsroom's working copy (status, version, who and when) and
 * what readers get while `status` is 'published' (decision 021). Rows from before the newsroom (the demo
 * seed) are published, version 1.
 */
export const shoppingItems = pgTable(
  'shopping_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    merchant: text('merchant').notNull(),
    link: text('link').notNull(),
    position: integer('position').notNull(),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('shopping_items_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('shopping_items_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    check('shopping_items_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** A snapshot of each saved version of a shopping item (the editorial workflow's revisions). */
export const shoppingItemRevisions = revisionsTableFor(
  'shopping_item_revisions',
  'item_id',
  () => shoppingItems.id,
  'shopping_item_revisions_item_version_idx',
);

/**
 * The Instagram feed: one row is both the newsroom's working copy (status, version, who and when) and what
 * readers get while `status` is 'published', newest `posted_at` first (decision 021). Rows from before the
 * newsroom (the demo seed) are published, version 1.
 */
export const instagramPosts = pgTable(
  'instagram_posts',
  {
    id: serial('id').primaryKey(),
    shortcode: text('shortcode').notNull().unique(),
    caption: text('caption').notNull(),
    image: jsonb('image').$type<Image>().notNull(),
    permalink: text('permalink').notNull(),
    likes: integer('likes').notNull(),
    postedAt: tstz('posted_at').notNull(),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('instagram_posts_posted_idx').on(t.postedAt, t.id),
    index('instagram_posts_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('instagram_posts_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** A snapshot of each saved version of an Instagram post (the editorial workflow's revisions). */
export const instagramPostRevisions = revisionsTableFor(
  'instagram_post_revisions',
  'post_id',
  () => instagramPosts.id,
  'instagram_post_revisions_post_version_idx',
);

/**
 * The footer's quotations: one row is both the newsroom's working copy (status, version, who and when) and
 * what readers get, shown only while `status` is 'published' (content/quotations.server.ts). Rows from
 * before the newsroom (the demo seed) are published, version 1.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    author: text('author').notNull(),
    position: integer('position').notNull(),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('quotations_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('quotations_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** A snapshot of each saved version of a quotation (the editorial workflow's revisions). */
export const quotationRevisions = revisionsTableFor(
  'quotation_revisions',
  'quotation_id',
  () => quotations.id,
  'quotation_revisions_quotation_version_idx',
);

/**
 * Marketing popins: one row is both the newsroom's working copy (status, version, who and when) and what
 * readers get. `active` is the readers' side, written only by the editorial workflow's publish/withdraw
 * (true exactly while published), so the reader query and the survey tallies need nothing else. Rows from
 * before the newsroom (the demo seed) are published, version 1.
 */
export const popins = pgTable(
  'popins',
  {
    id: serial('id').primaryKey(),
    /** Internal name, seen only in the newsroom. */
    name: text('name').notNull().default(''),
    /** A path ('/', '/mode') matched exactly or as a whole-segment prefix. */
    matchPath: text('match_path').notNull(),
    matchMode: text('match_mode').$type<'exact' | 'prefix'>().notNull(),
    priority: integer('priority').notNull().default(0),
    active: boolean('active').notNull().default(true),
    type: text('type').notNull(),
    cookieHash: text('cookie_hash').notNull(),
    successDuration: integer('success_duration').notNull(),
    trigger: jsonb('trigger').$type<PopinTrigger>().notNull(),
    parts: jsonb('parts').$type<PopinParts>().notNull(),
    /** Shown to readers from / until (null: no bound). */
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    ...editorialColumns(newsroomStatus().default('published')),
  },
  (t) => [
    index('popins_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('popins_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** A snapshot of each saved version of a popin (the editorial workflow's revisions). */
export const popinRevisions = revisionsTableFor('popin_revisions', 'popin_id', () => popins.id, 'popin_revisions_popin_version_idx');

/**
 * Answers to survey popins, counted per popin, button and day: totals only, never a row per reader
 * (no IP, no cookie, no identifier), so that the magazine learns what readers want without profiling them.
 */
export const popinSurveyAnswers = pgTable(
  'popin_survey_answers',
  {
    popinId: integer('popin_id')
      .notNull()
      .references(() => popins.id, { onDelete: 'cascade' }),
    button: smallint('button').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.popinId, t.button, t.day] }),
    check('popin_survey_answers_button_check', sql`${t.button} between 1 and 4`),
  ],
);

/** Newsletter subscribers: only what the newsletter needs, plus the proof of consent. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, NFKC-normalised, lower-cased, IDN domain in punycode: the unique key. */
    email: text('email').notNull(),
    postcode: text('postcode').notNull(),
    newsletterType: smallint('newsletter_type').notNull().default(1),
    origin: text('origin').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull(),
    /** What was shown next to the button and when it was accepted (no IP, no user agent). */
    consent: jsonb('consent').$type<SubscriberConsent>().notNull(),
    /** Signup date; a reader who left and signs up again gets a new one. */
    createdAt: tstz('created_at').notNull().defaultNow(),
    confirmedAt: tstz('confirmed_at'),
    unsubscribedAt: tstz('unsubscribed_at'),
    /** A mail server refused the address for good (5xx) while sending an issue: never mailed an issue again. */
    bouncedAt: tstz('bounced_at'),
  },
  (t) => [
    uniqueIndex('subscribers_email_idx').on(t.email),
    check('subscribers_status_check', sql`${t.status} in ('pending', 'active', 'unsubscribed')`),
  ],
);

export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed';

export interface SubscriberConsent {
  /** Version of the consent text (app.config.ts newsletter.consent). */
  version: string;
  /** The exact sentence shown under the form. */
  text: string;
  /** When the reader submitted the form with that sentence on screen (ISO 8601). */
  shownAt: string;
  /** Whether a confirmation e-mail was required (NEWSLETTER_DOUBLE_OPT_IN). */
  doubleOptIn: boolean;
}

/**
 * Single-use links sent by e-mail (double opt-in confirmation, unsubscribe request). Only a SHA-256 of
 * the token is kept, so a copy of the database cannot be used to confirm or unsubscribe anyone.
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'confirm' | 'unsubscribe'>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    index('newsletter_tokens_subscriber_idx').on(t.subscriberId),
    check('newsletter_tokens_purpose_check', sql`${t.purpose} in ('confirm', 'unsubscribe')`),
  ],
);

export type NewsletterIssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

/**
 * An issue of a newsletter (issue 21): composed in the newsroom, then sent once to every eligible subscriber
 * of its type. At the start of the send its mail is rendered once (`html`, `text`, with the subscriber's own
 * unsubscribe address left as a placeholder) and kept: every delivery, and the web version, read that copy.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** The articles, in their order (ids of `articles`, as readers see them). */
    articleIds: jsonb('article_ids').$type<number[]>().notNull(),
    newsletterType: smallint('newsletter_type').notNull().default(1),
    status: text('status').$type<NewsletterIssueStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    scheduledAt: tstz('scheduled_at'),
    startedAt: tstz('started_at'),
    sentAt: tstz('sent_at'),
    html: text('html'),
    text: text('text'),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_issues_sent_idx').on(t.sentAt),
    check('newsletter_issues_status_check', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
    check('newsletter_issues_type_check', sql`${t.newsletterType} in (1, 2)`),
  ],
);

export type NewsletterDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'bounced' | 'skipped';

/**
 * One row per (issue, subscriber), written before any SMTP conversation: the idempotency of a send. `sending`
 * is claimed right before the conversation; a process killed during it leaves `sending`, and the retry sends
 * again with the same `Message-ID`, so the receiving side sees one message.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    status: text('status').$type<NewsletterDeliveryStatus>().notNull().default('pending'),
    messageId: text('message_id').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_issue_subscriber_idx').on(t.issueId, t.subscriberId),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'bounced', 'skipped')`),
  ],
);

/**
 * Server secrets that must survive restarts and be shared by every instance (HMAC key of the ALTCHA
 * challenges and of the one-click unsubscribe links) when NEWSLETTER_SECRET is not set.
 */
export const newsletterKeys = pgTable('newsletter_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * Every accent-free word of article titles (kept by a trigger, migration 0007): the vocabulary that
 * search corrects typos against ('biarits' → 'biarritz'), a few thousand rows instead of every title.
 */
export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (t) => [
  index('search_lexicon_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Web push subscriptions of readers who accepted notifications in the header: only what sending needs
 * (the push service's address and the browser's encryption keys), no IP address, no user agent. A row is
 * removed when the reader unsubscribes or when the push service answers 404/410 (subscription gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the browser announced (most give none). */
    expiresAt: tstz('expires_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint)],
);

/**
 * Proofs of consent (issue 10, CNIL): one row per choice a reader made in the consent manager. The
 * random consent id is the only link to the reader (it lives in their consent cookie): no IP address,
 * no browser, no e-mail.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    consentId: uuid('consent_id').notNull(),
    policyVersion: integer('policy_version').notNull(),
    acceptType: text('accept_type').$type<ConsentRecordInput['acceptType']>().notNull(),
    purposes: jsonb('purposes').$type<ConsentRecordInput['purposes']>().notNull(),
    vendors: jsonb('vendors').$type<ConsentRecordInput['vendors']>().notNull(),
    recordedAt: tstz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('consent_records_consent_id_idx').on(t.consentId)],
);

/*
 * ---------------------------------------------------------------- the newsroom (issue 15, decision 011)
 * The editorial copy of every article lives in newsroom_articles; `articles` stays what readers see (the
 * published projection, with its search vectors and recency indexes). Publishing writes the row of
 * `articles` with the same id; unpublishing deletes it. So no reader query ever has to filter drafts out.
 */

export type StaffRole = 'contributor' | 'author' | 'editor' | 'admin';
export type NewsroomStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';

/** People who write or run the magazine. Only an Argon2id hash of the password is kept. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased: the sign-in key. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The byline their articles get by default (created with the account when missing). */
    authorId: integer('author_id').references(() => authors.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    disabledAt: tstz('disabled_at'),
    /** Set by an admin's password reset: the provisional password opens only the page that replaces it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(t.email),
    check('staff_role_check', sql`${t.role} in ('contributor', 'author', 'editor', 'admin')`),
  ],
);

/** Server-side sessions: the cookie carries a random token, only its SHA-256 is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** Sent back in the X-CSRF-Token header of every write (decision 011). */
    csrfToken: text('csrf_token').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * « Mot de passe oublié ? » links (issue 39): only the SHA-256 of the token is kept; a link is spent by
 * setting `used_at` in the same statement that checks it, so two confirms at once cannot both succeed.
 */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('staff_password_resets_staff_idx').on(t.staffId)],
);

/** Rich text as the editor stores it (Tiptap / ProseMirror JSON); rendered through an allow-list. */
export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

export const newsroomArticles = pgTable(
  'newsroom_articles',
  {
    /** Also the id of the `articles` row while published. */
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    ...editorialColumns(newsroomStatus()),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    stamp: text('stamp'),
    mainImage: jsonb('main_image').$type<Image>().notNull(),
    /** null: the article came from before the newsroom; its body is the published blocks. */
    doc: jsonb('doc').$type<RichTextNode>(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    ogImage: text('og_image'),
    /**
     * Set when the article is a copy of a post of a live source (issue 35, decision 036): which one, its id
     * there and its `updated_at` there, so that a replayed or late answer never brings an older version back.
     * null: the newsroom's own (or an import's: imported articles belong to the newsroom).
     */
    sourceKind: text('source_kind').$type<ImportSourceKind>(),
    sourceId: text('source_id'),
    sourceUpdatedAt: tstz('source_updated_at'),
  },
  (t) => [
    uniqueIndex('newsroom_articles_slug_idx').on(t.slug),
    uniqueIndex('newsroom_articles_source_idx').on(t.sourceKind, t.sourceId).where(sql`${t.sourceKind} IS NOT NULL`),
    index('newsroom_articles_updated_idx').on(t.updatedAt, t.id),
    index('newsroom_articles_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('newsroom_articles_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

/** Every saved state of an article, for the diff and the restore. */
export const articleRevisions = revisionsTableFor(
  'article_revisions',
  'article_id',
  () => newsroomArticles.id,
  'article_revisions_article_version_idx',
);

/** Old slugs of published articles, answered with a 301 to the article's current address. */
export const articleSlugRedirects = pgTable('article_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  articleId: integer('article_id')
    .notNull()
    .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Every write of the newsroom: who, what, when, on which ids. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    /** e.g. the revision ids before and after, the old and new slug. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id)],
);

/**
 * The media library: an uploaded image, its alt text and its variants, or a sound kept as uploaded (one file,
 * `<hash>-audio.<ext>`), its description in `alt` (files under MEDIA_DIR or the S3 bucket).
 */
export interface MediaVariant {
  format: 'avif' | 'webp';
  width: number;
  height: number;
  url: string;
  bytes: number;
}

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the uploaded bytes: the same image uploaded twice is one entry, and names its files. */
    hash: text('hash').notNull(),
    alt: text('alt').notNull(),
    /** The uploaded file's name (no path), searched with the alt text; null for images uploaded before it was kept. */
    name: text('name'),
    /** 'image' (variants, width, height) or 'audio' (one file: mimeType, durationSeconds, bytes). */
    kind: text('kind').$type<'image' | 'audio'>().notNull().default('image'),
    /** An image's size; null for a sound. */
    width: integer('width'),
    height: integer('height'),
    /** The sniffed type of the original (jpeg, png, webp, avif; mp3, ogg, m4a); an image's original is not served, a sound's is. */
    sourceFormat: text('source_format').notNull(),
    /** A sound's served type (audio/mpeg, audio/ogg, audio/mp4), its length read from the file and its size; null for an image. */
    mimeType: text('mime_type'),
    durationSeconds: doublePrecision('duration_seconds'),
    bytes: integer('bytes'),
    /** Optional focal point, 0..1 from the left and the top (kept for crops). */
    focalX: jsonb('focal_x').$type<number | null>(),
    focalY: jsonb('focal_y').$type<number | null>(),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull(),
    /**
     * When an image's JPEG renditions for mails (`<hash>-mail-600|1200.jpg`) were stored; null until then (images
     * uploaded before they existed get them from the `media.mail-renditions` job). Null for a sound.
     */
    mailRenditionsAt: tstz('mail_renditions_at'),
    uploadedBy: integer('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_hash_idx').on(t.hash),
    index('media_created_idx').on(t.createdAt, t.id),
    check('media_kind_check', sql`${t.kind} in ('image', 'audio')`),
    check(
      'media_kind_fields_check',
      sql`(${t.kind} = 'image' and ${t.width} is not null and ${t.height} is not null) or (${t.kind} = 'audio' and ${t.mimeType} is not null and ${t.durationSeconds} is not null and ${t.bytes} is not null)`,
    ),
  ],
);

/** Passkeys (WebAuthn credentials) of staff accounts: the public key and the signature counter only. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    /** The credential id (base64url). */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/** WebAuthn challenges: single use, five minutes; only their id travels outside the server. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  /** Registration: the signed-in account; authentication: null (any account's passkey may answer). */
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'register' | 'authenticate'>().notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/**
 * Tags of articles (issue 20: brought by imports; Ghost's internal `#` tags are kept but never shown).
 * An article's tags hang on its editorial row, so that a draft keeps them too.
 */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Ghost's `#internal` tags: kept for a later export, never on a reader's page. */
  internal: boolean('internal').notNull().default(false),
});

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /**
     * The article's `articles.published_at`, or null while it is not published: written by the database's
     * triggers only (migration 0037), whatever a write sets, so that a tag page reads its 12 newest entries
     * from one index whatever the tag and the archive's size (issue 38).
     */
    publishedAt: tstz('published_at'),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagId] }),
    index('article_tags_tag_idx').on(t.tagId, t.articleId),
    index('article_tags_tag_published_idx').on(t.tagId, t.publishedAt.desc(), t.articleId.desc()).where(sql`${t.publishedAt} IS NOT NULL`),
  ],
);

/** Every byline of an article, in order; the first is also `author_id` (what one-author code reads). */
export const articleBylines = pgTable(
  'article_bylines',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.authorId] }), index('article_bylines_author_idx').on(t.authorId, t.articleId)],
);

/**
 * What an import made of each source item (issue 20): running the same import again finds its rows here
 * and updates them instead of creating them twice. `checksum` is the item's source content: unchanged, it is
 * skipped.
 */
export type ImportSourceKind = 'wordpress' | 'ghost';
export type ImportItemKind = 'post' | 'page' | 'category' | 'tag' | 'author';

export const importItems = pgTable(
  'import_items',
  {
    source: text('source').$type<ImportSourceKind>().notNull(),
    kind: text('kind').$type<ImportItemKind>().notNull(),
    /** The item's id in the source (WordPress's post id, Ghost's object id), with the site it came from. */
    sourceId: text('source_id').notNull(),
    entityId: integer('entity_id').notNull(),
    checksum: text('checksum').notNull(),
    importedAt: tstz('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.sourceId] })],
);

/**
 * The pages of a live source (issue 35, decision 036: « À propos », « Contact »…), read at `/{slug}` when no
 * page of the front's own and no category holds that address. Kept apart from the articles: a page is in no
 * list, feed, search or category, only in `/sitemap-pages.xml`. Written by the importers' writer (same
 * allow-list, same media library); `source_updated_at` keeps a late answer from bringing an older version back.
 */
export const sourcePages = pgTable(
  'source_pages',
  {
    id: serial('id').primaryKey(),
    sourceKind: text('source_kind').$type<ImportSourceKind>().notNull(),
    sourceId: text('source_id').notNull(),
    slug: text('slug').notNull(),
    status: text('status').$type<'published' | 'unpublished'>().notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    mainImage: jsonb('main_image').$type<Image>(),
    /** The editor's document (links rewritten later, as an article's), and the blocks readers get. */
    doc: jsonb('doc').$type<RichTextNode>().notNull(),
    body: jsonb('body').$type<ContentBlock[]>().notNull(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    publishedAt: tstz('published_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    sourceUpdatedAt: tstz('source_updated_at'),
    /** The source's item as last written: an unchanged re-read writes nothing. */
    checksum: text('checksum').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('source_pages_source_idx').on(t.sourceKind, t.sourceId),
    uniqueIndex('source_pages_slug_idx').on(t.slug),
    check('source_pages_status_check', sql`${t.status} in ('published', 'unpublished')`),
  ],
);

/**
 * Where the synchronisation of a live source stands (issue 35): one row per source kind. Written after each
 * page of posts is stored, so that a first synchronisation cut short (a crash, a restart) resumes where it
 * was; the outage columns give the newsroom « WordPress injoignable depuis 12:03 ».
 */
export const sourceSyncState = pgTable('source_sync_state', {
  source: text('source').$type<ImportSourceKind>().primaryKey(),
  /** The adapter's opaque cursor: where the next poll resumes; null before the first page. */
  cursor: text('cursor'),
  /** Set once the first synchronisation reached the end: before, the front is still filling. */
  firstSyncDoneAt: tstz('first_sync_done_at'),
  postsDone: integer('posts_done').notNull().default(0),
  postsTotal: integer('posts_total'),
  lastSuccessAt: tstz('last_success_at'),
  lastReconcileAt: tstz('last_reconcile_at'),
  /** The outage under way (French sentence, no key), and since when; null while the source answers. */
  lastError: text('last_error'),
  failingSince: tstz('failing_since'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Old addresses of imported items (and any an editor keeps): one 301 to the item's current address. The
 * fixed table of SPEC §2 stays in app.config.ts. A redirect names an article (its address is read when
 * answering, so that a later slug change does not make a chain) or a path of this site.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    /** The old path, as normalised by normaliseRedirectPath (no trailing slash, no query but WordPress's `?p=ID`, upper-case escapes). */
    fromPath: text('from_path').notNull(),
    articleId: integer('article_id').references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    toPath: text('to_path'),
    /** 'import:wordpress', 'import:ghost', 'newsroom'. */
    origin: text('origin').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redirects_from_idx').on(t.fromPath),
    index('redirects_article_idx').on(t.articleId),
    // Saving a redirect re-points whatever pointed at its source (no chains): found by this index, not a scan.
    index('redirects_to_path_idx').on(t.toPath).where(sql`${t.toPath} is not null`),
    check('redirects_target_check', sql`(${t.articleId} is null) <> (${t.toPath} is null)`),
    check('redirects_to_path_check', sql`${t.toPath} is null or (${t.toPath} like '/%' and ${t.toPath} not like '//%')`),
  ],
);

/** An import run from the newsroom (a job of the queue): its progress and its report. */
export type ImportRunStatus = 'queued' | 'running' | 'done' | 'failed';

export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').$type<ImportSourceKind>().notNull(),
    fileName: text('file_name').notNull(),
    /** Where the uploaded file waits for the job (deleted once the run ends). */
    filePath: text('file_path').notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    status: text('status').$type<ImportRunStatus>().notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    startedBy: integer('started_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('import_runs_created_idx').on(t.createdAt, t.id),
    check('import_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * « Direct » (issue 33): a live coverage on the editorial workflow (decision 027). Published is live, from
 * `publishedAt` (the coverage's start) until `coverageEndAt` (ended: still read, no longer polled or fed);
 * its entries are rows of live_blog_entries.
 */
export const liveBlogs = pgTable(
  'live_blogs',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    mainImage: jsonb('main_image').$type<Image>().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /**
     * Bumped in the transaction of every change to an entry: readers poll with it as their cursor and it is
     * the public answers' ETag, so an unchanged live blog costs one indexed read.
     */
    entriesVersion: integer('entries_version').notNull().default(0),
    coverageEndAt: tstz('coverage_end_at'),
    ...editorialColumns(newsroomStatus().default('draft')),
  },
  (t) => [
    index('live_blogs_status_idx').on(t.status, t.publishedAt),
    check('live_blogs_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
  ],
);

export const liveBlogRevisions = revisionsTableFor(
  'live_blog_revisions',
  'live_blog_id',
  () => liveBlogs.id,
  'live_blog_revisions_version_idx',
);

export interface LiveBlogQuotation {
  text: string;
  source: string;
}

export const liveBlogEntries = pgTable(
  'live_blog_entries',
  {
    id: serial('id').primaryKey(),
    liveBlogId: integer('live_blog_id')
      .notNull()
      .references(() => liveBlogs.id, { onDelete: 'cascade' }),
    /** 'draft' until an author, editor or admin publishes it (a contributor's entry waits for them). */
    status: text('status').$type<'draft' | 'published'>().notNull(),
    doc: jsonb('doc').$type<RichTextNode>().notNull(),
    /** What readers get of doc, through the newsroom's allow-list (richText.ts). */
    body: jsonb('body').$type<ContentBlock[]>().notNull(),
    /** Resolved from the media library when written: readers never get an address an editor typed. */
    image: jsonb('image').$type<Image>(),
    quotation: jsonb('quotation').$type<LiveBlogQuotation>(),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: tstz('published_at'),
    correctedAt: tstz('corrected_at'),
    /** Deleted entries stay as tombstones so that readers polling since an older cursor drop them too. */
    deletedAt: tstz('deleted_at'),
    /** The live blog's entriesVersion this entry last changed in. */
    changedIn: integer('changed_in').notNull(),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_blog_entries_changed_idx').on(t.liveBlogId, t.changedIn),
    // One pinned entry at most per live blog, whatever two editors do at once.
    uniqueIndex('live_blog_entries_pinned_idx').on(t.liveBlogId).where(sql`${t.pinned}`),
    check('live_blog_entries_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/*
 * Exempt audience measurement (issue 37, decision 028): counters per day and nothing else. No column can hold
 * an address, a user agent, a cookie or any identifier; rows older than 25 months are purged.
 */

/** Page views and visits (arrivals from outside the site) per page per day. */
export const audiencePages = pgTable(
  'audience_pages',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Where visits came from and on what, per page per day: referrer host, utm source/medium/campaign, device class. */
export const audienceSources = pgTable(
  'audience_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value, t.path] }),
    check('audience_sources_dimension_check', sql`${t.dimension} in ('referrer', 'source', 'medium', 'campaign', 'device')`),
  ],
);

/** What the magazine's features did, per page per day: searches, signups, popins, quizzes, repartee draws. */
export const audienceEvents = pgTable(
  'audience_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    step: smallint('step').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.subject, t.step, t.path] })],
);

/**
 * Site-wide values kept once for every process (migration 0034): the IndexNow key when INDEXNOW_KEY is not
 * set, generated at first need, so that every node serves and sends the same one.
 */
export const siteSettings = pgTable('site_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * Public addresses whose page changed (published, edited, moved, withdrawn) and that the search engines have
 * not been told of yet (IndexNow, decision 031): written in the transaction of the change, deleted once an
 * IndexNow ping carrying them was accepted. `path` is the site-relative address (`/rubrique/slug`).
 */
export const indexNowUrls = pgTable(
  'indexnow_urls',
  {
    path: text('path').primaryKey(),
    changedAt: tstz('changed_at').notNull(),
  },
  (t) => [index('indexnow_urls_changed_idx').on(t.changedAt)],
);

/**
 * Cache tags to purge at the CDN (decision 032), written in the transaction of the change readers can see
 * (only when a CDN is configured) and deleted once the CDN accepted their purge. One row per tag: a tag
 * recorded again before its purge takes a new `seq`, so a purge that started before that change does not
 * clear it.
 */
export const cdnPurgeTags = pgTable(
  'cdn_purge_tags',
  {
    tag: text('tag').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
  },
  (t) => [index('cdn_purge_tags_seq_idx').on(t.seq)],
);
