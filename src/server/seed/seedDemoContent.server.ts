/**
 * Writes the demo content into an empty database, in batches inside one transaction per table group
 * (all or nothing: a half-seeded magazine would be worse than an empty one).
 */
import { count, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  articles,
  authors,
  categories,
  formatContests,
  instagramPosts,
  liveBlogEntries,
  liveBlogs,
  mosaics,
  popins,
  quizResults,
  quizzes,
  quotations,
  reparteeGenerators,
  shoppingItems,
} from '../../db/schema.ts';
import { countArticles } from '../articles/articles.server.ts';
import { seedArchiveTags } from './archiveTags.server.ts';
import { buildDemoContent, type DemoContent } from './demo/build/demoContent.ts';

export const DEFAULT_DEMO_ARTICLES = 500;
const BATCH = 500;
const ARCHIVE_SPAN_DAYS = 3650;

export class DatabaseNotEmptyError extends Error {
  constructor(articleCount: number) {
    super(
      `The database already holds ${articleCount} articles: the demo content is only loaded into an empty database.\n` +
        'Use a new DATA_DIR (or an empty DATABASE_URL database) to seed again.',
    );
    this.name = 'DatabaseNotEmptyError';
  }
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

async function insertInBatches<T>(items: Iterable<T>, write: (batch: T[]) => Promise<void>, onProgress?: (done: number) => void) {
  let batch: T[] = [];
  let done = 0;
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      await write(batch);
      done += batch.length;
      onProgress?.(done);
      batch = [];
    }
  }
  if (batch.length > 0) {
    await write(batch);
    done += batch.length;
    onProgress?.(done);
  }
  return done;
}

/** Renumbers the quiz's string keys as the integer ids of the contract. */
function numberQuizQuestions(quiz: DemoContent['quizzes'][number]) {
  let answerId = 0;
  return quiz.questions.map((question, index) => ({
    ...question,
    id: index + 1,
    answers: question.answers.map((answer) => ({ ...answer, id: ++answerId })),
  }));
}

export interface SeedOptions {
  articles?: number;
  /**
   * An archive rather than the demo: older articles spread over 10 years, and tagged (the cost curve's
   * seed, `npm run seed -- --articles N`). The demo keeps its two years without tags, which its pages show.
   */
  archive?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export async function seedDemoContent(db: Database, options: SeedOptions = {}): Promise<{ articles: number }> {
  if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError(await countArticles(db));
  const total = options.articles ?? DEFAULT_DEMO_ARTICLES;
  const spanDays = options.archive ? ARCHIVE_SPAN_DAYS : undefined;
  const result = await writeDemoContent(db, buildDemoContent({ articles: total, spanDays }), options);
  if (options.archive) await seedArchiveTags(db);
  // Fresh statistics (the planner picks the right index from the first query on) and a visibility
  // map (index-only scans for deep pages). PGlite has no autovacuum to do it later.
  await db.execute(sql`VACUUM ANALYZE`);
  return result;
}

function writeDemoContent(db: Database, content: DemoContent, options: SeedOptions): Promise<{ articles: number }> {
  const total = content.articleCount;
  return db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(content.categories.map(({ slug, name, description, color, position }) => ({ slug, name, description, color, position })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const authorRows = await tx
      .insert(authors)
      .values(content.authors.map(({ slug, name, role, bio, photo }) => ({ slug, name, role, bio, photo })))
      .returning({ id: authors.id, slug: authors.slug });
    const authorIds = new Map(authorRows.map((row) => [row.slug, row.id]));

    const idOf = (map: Map<string, number>, key: string, what: string) => {
      const id = map.get(key);
      if (id === undefined) throw new Error(`Demo content refers to an unknown ${what}: ${key}`);
      return id;
    };

    const written = await insertInBatches(
      content.articles(),
      async (batch) => {
        await tx.insert(articles).values(
          batch.map((a) => ({
            url: a.url,
            categoryId: idOf(categoryIds, a.categorySlug, 'category'),
            authorId: idOf(authorIds, a.authorSlug, 'author'),
            title: a.title,
            subtitle: a.subtitle,
            body: a.body,
            mainImage: a.mainImage,
            stamp: a.stamp,
            bestofRank: a.bestofRank,
            readingMinutes: a.readingMinutes,
            publishedAt: new Date(a.publishedAt),
            updatedAt: new Date(a.updatedAt),
          })),
        );
      },
      (done) => options.onProgress?.(done, total),
    );

    for (const quiz of content.quizzes) {
      const [row] = await tx
        .insert(quizzes)
        .values({
          url: quiz.url,
          title: quiz.title,
          description: quiz.description,
          image: quiz.image,
          questions: numberQuizQuestions(quiz),
          publishedAt: new Date(quiz.publishedAt),
        })
        .returning({ id: quizzes.id });
      if (!row) throw new Error(`Quiz not written: ${quiz.url}`);
      await tx.insert(quizResults).values(
        quiz.results.map((result, position) => ({
          quizId: row.id,
          url: result.url,
          title: result.title,
          description: result.description,
          image: result.image,
          position,
        })),
      );
    }

    await tx.insert(mosaics).values(
      content.mosaics.map((m) => ({
        url: m.url,
        title: m.title,
        description: m.description,
        cover: m.cover,
        images: m.images,
        publishedAt: new Date(m.publishedAt),
      })),
    );
    await tx.insert(formatContests).values(
      content.formatContests.map((c) => ({
        url: c.url,
        title: c.title,
        description: c.description,
        image: c.image,
        prize: c.prize,
        rules: c.rules,
        startsAt: new Date(c.startsAt),
        endsAt: new Date(c.endsAt),
        publishedAt: new Date(c.publishedAt),
      })),
    );
    await tx.insert(reparteeGenerators).values(
      content.reparteeGenerators.map((g, position) => ({
        url: g.url,
        title: g.title,
        description: g.description,
        image: g.image,
        replies: g.replies.map((reply, index) => ({ id: index + 1, text: reply.text })),
        // Published like the articles of the seed; the newsroom numbers new replies after these.
        nextReplyId: g.replies.length + 1,
        status: 'published' as const,
        position,
      })),
    );
    await tx.insert(shoppingItems).values(
      content.shoppingItems.map((s) => ({
        title: s.title,
        description: s.description,
        image: s.image,
        priceCents: s.price.amount,
        currency: s.price.currency,
        merchant: s.merchant,
        link: s.link,
        position: s.position,
      })),
    );
    await tx.insert(instagramPosts).values(
      content.instagramPosts.map((p) => ({
        shortcode: p.shortcode,
        caption: p.caption,
        image: p.image,
        permalink: p.permalink,
        likes: p.likes,
        postedAt: new Date(p.postedAt),
      })),
    );
    await tx.insert(quotations).values(content.quotations.map(({ text, author, position }) => ({ text, author, position })));
    await tx.insert(popins).values(
      content.popins.map((p) => ({
        // Published like the articles of the seed: the newsroom lists and edits them as any other popin.
        name: p.parts.title ?? p.type,
        status: 'published' as const,
        matchPath: p.matchPath,
        matchMode: p.matchMode,
        priority: p.priority,
        type: p.type,
        cookieHash: p.cookie.hash,
        successDuration: p.cookie.successDuration,
        trigger: p.popin,
        parts: p.parts,
      })),
    );
    // One issue of the newsletter already sent, so that the archive (/lettres) is not empty in the demo.
    await tx.execute(sql`
      INSERT INTO newsletter_issues (subject, preheader, intro, article_ids, newsletter_type, status, version, started_at, sent_at, created_at, updated_at)
      SELECT 'Le meilleur de la semaine', 'Nos cinq articles préférés, et un rituel pour le week-end',
        'Bonjour à toutes et à tous,' || chr(10) || chr(10) || 'voici ce que la rédaction a aimé cette semaine.',
        to_jsonb(array_agg(id ORDER BY published_at DESC, id DESC)), 1, 'sent', 1, max(published_at), max(published_at), max(published_at), max(published_at)
      FROM (SELECT id, published_at FROM articles ORDER BY published_at DESC, id DESC LIMIT 5) AS latest
      HAVING count(*) > 0`);
    await seedDemoLiveBlog(tx, categoryRows[0]?.id);
    return { articles: written };
  });
}

/** Loads the demo content only into an empty database; answers null when there was content. */
export async function seedDemoContentIfEmpty(db: Database, options: SeedOptions = {}) {
  if (!(await isDatabaseEmpty(db))) return null;
  return seedDemoContent(db, options);
}

/** One live blog being covered (« Direct »), with a few entries, one of them pinned: the home shows it « En direct ». */
async function seedDemoLiveBlog(tx: Transaction, categoryId: number | undefined) {
  if (categoryId === undefined) return;
  const start = new Date(Date.now() - 45 * 60_000);
  const [blog] = await tx
    .insert(liveBlogs)
    .values({
      url: 'fashion-week-en-direct',
      title: 'La Fashion Week en direct',
      intro: 'Les défilés de la journée, minute par minute.',
      mainImage: { url: '/media/svg/article/fashion-week-en-direct.svg', alt: 'Un podium de défilé', width: 1200, height: 800 },
      categoryId,
      status: 'published',
      publishedAt: start,
      entriesVersion: 3,
    })
    .returning({ id: liveBlogs.id });
  if (!blog) return;
  const texts = [
    'Les invités arrivent devant le Palais de Tokyo.',
    'Premier passage : du rouge, partout.',
    'Final sous les applaudissements.',
  ];
  await tx.insert(liveBlogEntries).values(
    texts.map((text, i) => ({
      liveBlogId: blog.id,
      status: 'published' as const,
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      body: [{ type: 'paragraph' as const, text }],
      pinned: i === 0,
      publishedAt: new Date(start.getTime() + (i + 1) * 10 * 60_000),
      changedIn: i + 1,
    })),
  );
}
