/**
 * The database schema (Drizzle, pg-core). Nested editorial documents (quiz questions, mosaic images,
 * replies, popin parts) are jsonb typed by the contract: they are read and written whole, never queried
 * inside, so normalising them would only add joins.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ContentBlock,
  Image,
  MosaicImage,
  PopinParts,
  PopinTrigger,
  QuizQuestion,
  Reply,
} from '../api/types.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  color: text('color').notNull(),
  position: integer('position').notNull().default(0),
});

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
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
  },
  (t) => [
    index('articles_published_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('articles_category_published_idx').on(t.categoryId, t.publishedAt.desc(), t.id.desc()),
    index('articles_bestof_idx')
      .on(t.bestofRank)
      .where(sql`${t.bestofRank} is not null`),
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
  (t) => [index('quizzes_published_idx').on(t.publishedAt.desc(), t.id.desc())],
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

export const mosaics = pgTable(
  'mosaics',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cover: jsonb('cover').$type<Image>().notNull(),
    images: jsonb('images').$type<MosaicImage[]>().notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [index('mosaics_published_idx').on(t.publishedAt.desc(), t.id.desc())],
);

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
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [index('format_contests_published_idx').on(t.publishedAt.desc(), t.id.desc())],
);

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
  },
  (t) => [index('repartee_generators_position_idx').on(t.position, t.id)],
);

export const shoppingItems = pgTable('shopping_items', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: jsonb('image').$type<Image>().notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('EUR'),
  merchant: text('merchant').notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull(),
});

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
  },
  (t) => [index('instagram_posts_posted_idx').on(t.postedAt.desc(), t.id.desc())],
);

export const quotations = pgTable('quotations', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  author: text('author').notNull(),
  position: integer('position').notNull(),
});

export const popins = pgTable('popins', {
  id: serial('id').primaryKey(),
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
});

/** Newsletter subscribers: only what the newsletter needs, plus the proof of consent. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased: the unique key. */
    email: text('email').notNull(),
    postcode: text('postcode').notNull(),
    newsletterType: smallint('newsletter_type').notNull().default(1),
    origin: text('origin').notNull(),
    status: text('status').$type<'pending' | 'active' | 'unsubscribed'>().notNull(),
    consent: jsonb('consent').$type<{ text: string; shownAt: string; ipHash?: string }>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    confirmedAt: tstz('confirmed_at'),
    unsubscribedAt: tstz('unsubscribed_at'),
  },
  (t) => [uniqueIndex('subscribers_email_idx').on(t.email)],
);
