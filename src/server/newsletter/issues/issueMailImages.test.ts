/**
 * The images of an issue's mail (issue 39, point 8): the demo articles' SVG illustrations and any library
 * image reach the mail as JPEG renditions that every client shows, never as SVG, AVIF or WebP; an image of
 * another kind is left out rather than sent broken. On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, media } from '../../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { seedDemoContent } from '../../seed/seedDemoContent.server.ts';
import { issueMailInput } from './issueDelivery.ts';
import type { IssueRow } from './issueQueries.ts';

const SITE = 'https://piquante.fr';
const hash = 'c'.repeat(64);

describe.each(testDatabaseKinds)('an issue mail’s images on %s', (kind) => {
  let database: TestDatabase;
  let ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, { articles: 4 });
    ids = (await database.db.select({ id: articles.id }).from(articles)).map((r) => r.id).slice(0, 3);
    const [library, other] = ids;
    // Uploaded with its renditions (an image still without them is left out: mailRenditionBackfill.test.ts).
    await database.db.insert(media).values({
      hash,
      alt: 'Une photo',
      width: 1600,
      height: 1000,
      sourceFormat: 'jpeg',
      variants: [{ format: 'webp', width: 1600, height: 1000, url: `/media/library/${hash}-1600.webp`, bytes: 1 }],
      mailRenditionsAt: new Date(),
    });
    await database.db.execute(
      sql`UPDATE articles SET main_image = jsonb_set(main_image, '{url}', ${JSON.stringify(`/media/library/${hash}-1600.webp`)}::jsonb) WHERE id = ${library}`,
    );
    await database.db.execute(
      sql`UPDATE articles SET main_image = jsonb_set(main_image, '{url}', '"/images/ancienne.png"'::jsonb) WHERE id = ${other}`,
    );
  }, 120_000);
  afterAll(async () => database?.dispose());

  it('sends JPEG renditions for library and demo images, and leaves out an image of another kind', async () => {
    const issue = { id: 1, articleIds: ids, subject: 's', preheader: '', intro: '', newsletterType: 1 } as IssueRow;
    const input = await issueMailInput(database.db, issue, SITE, 'https://piquante.fr/u');
    const byId = new Map(ids.map((id, i) => [id, input.articles[i]?.image ?? null]));
    expect(byId.get(ids[0] ?? 0)?.url).toBe(`${SITE}/media/library/${hash}-mail-1200.jpg`);
    expect(byId.get(ids[1] ?? 0)).toBeNull();
    expect(byId.get(ids[2] ?? 0)?.url).toMatch(/^https:\/\/piquante\.fr\/media\/mail\/article\/[a-z0-9-]+-1200\.jpg$/);
    for (const article of input.articles) expect(article.image?.url ?? '.jpg').not.toMatch(/\.(svg|avif|webp)$/);
  });
});
