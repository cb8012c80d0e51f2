/**
 * The French relevance set: what readers type over the demo content, and what must come first.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the same SQL must give the same answers.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { articles } from '../../db/schema.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { searchArticles } from './searchArticles.server.ts';

type Expectation = { first: string } | { top3: RegExp } | { none: true };

/** [what a reader types, what she must get] — written from the demo content (src/server/demo). */
const RELEVANCE_SET: [string, Expectation][] = [
  ['robe', { top3: /robe/i }],
  ['robes', { top3: /robe/i }],
  ['ROBE', { top3: /robe/i }],
  ['elegance', { top3: /élégance/i }],
  ['ELEGANCE a la francaise', { first: "Élégance à la française : les bases d'une garde-robe" }],
  ["élégance à la française : les bases d'une garde-robe", { first: "Élégance à la française : les bases d'une garde-robe" }],
  ["l'été indien", { top3: /L'été indien/ }],
  ['l’été indien', { top3: /L'été indien/ }],
  ['ete indien', { top3: /L'été indien/ }],
  ["d'automne", { top3: /automne/i }],
  ["qu'on fait toutes", { top3: /qu'on fait toutes/ }],
  ['maqui', { top3: /^Maquillage/ }],
  ['maquilage', { top3: /^Maquillage/ }],
  ['maquillage nude', { top3: /^Maquillage nude/ }],
  ['creme hydratante', { top3: /^Crème hydratante/ }],
  ['crème de nuit', { first: 'La crème de nuit est-elle vraiment indispensable ?' }],
  ['bien etre', { top3: /bien-être/i }],
  ['pleine lune', { top3: /pleine lune/i }],
  ['Robe portefeuille : comment la porter cet automne', { first: 'Robe portefeuille : comment la porter cet automne' }],
  ['garde robe capsule', { first: "Garde-robe capsule : 12 pièces pour tout l'automne" }],
  ['lunettes soleil', { top3: /lunettes de soleil/i }],
  ['cachemire', { top3: /cachemire/ }],
  ['cachmire', { top3: /cachemire/ }],
  ['meditation', { top3: /Méditation/i }],
  ['meditaton', { top3: /Méditation/i }],
  ['Biarritz', { top3: /Biarritz/ }],
  ['biarits', { top3: /Biarritz/ }],
  ['cyclades', { top3: /Cyclades/ }],
  ['tarte tatin', { top3: /tarte tatin/i }],
  ['reconversion', { top3: /^Reconversion professionnelle/ }],
  ['precarite', { top3: /^Précarité menstruelle/ }],
  ['generation z', { top3: /Génération Z/i }],
  ['eclipse', { top3: /Éclipse/i }],
  ['demaquillante', { top3: /démaquillante/i }],
  ['jeux societe', { top3: /Jeux? de société/i }],
  ['mascara', { top3: /^Mascara/ }],
  ['villag', { first: 'Les plus beaux villages de France à découvrir cet automne' }],
  ['xqzwvk', { none: true }],
  ['zzzzzzzzzz', { none: true }],
];

describe.each(testDatabaseKinds)('French search on %s', (kind) => {
  const { database, handle } = useSeededApi(kind);

  const search = async (query: string, limit = 12) => {
    const response = await handle(new Request(`http://magazine.test/api/search?q=${encodeURIComponent(query)}&l=${limit}`));
    expect(response.status, query).toBe(200);
    return contract.SearchArticlesResponse.parse(await response.json()).results;
  };

  it.each(RELEVANCE_SET)('%s', async (query, expectation) => {
    const titles = (await search(query)).map((article) => article.title);
    if ('none' in expectation) {
      expect(titles).toEqual([]);
    } else if ('first' in expectation) {
      expect(titles[0]).toBe(expectation.first);
    } else {
      expect(titles.length).toBeGreaterThanOrEqual(3);
      for (const title of titles.slice(0, 3)) expect(title).toMatch(expectation.top3);
    }
  });

  it('answers article cards with the contract shape; l defaults to 12 and goes up to 50', async () => {
    expect(await search('automne')).toHaveLength(12);
    const response = await handle(new Request('http://magazine.test/api/search?q=automne'));
    expect(contract.SearchArticlesResponse.parse(await response.json()).results).toHaveLength(12);
    expect((await search('automne', 50)).length).toBe(50);
  });

  it('keeps the index up to date as content changes', async () => {
    const [first] = await database().db.select({ id: articles.id }).from(articles).limit(1);
    if (!first) throw new Error('no article');
    expect(await search('ornithorynque')).toEqual([]);
    await database().db.update(articles).set({ title: 'Un ornithorynque au jardin des plantes' }).where(eq(articles.id, first.id));
    expect((await search('ornithorynques')).map((a) => a.id)).toEqual([first.id]);
    expect((await searchArticles(database().db, 'ornitho', 5)).map((a) => a.id)).toEqual([first.id]);
    // The typo vocabulary follows the titles too.
    expect((await searchArticles(database().db, 'ornitorinque', 5)).map((a) => a.id)).toEqual([first.id]);
  });

  const refused = ['', 'ab', '  ab  ', '   ', 'a'.repeat(201)];
  it.each(refused)('q=%j → 400 with a French message', async (q) => {
    const response = await handle(new Request(`http://magazine.test/api/search?q=${encodeURIComponent(q)}`));
    expect(response.status).toBe(400);
    expect(contract.ErrorResponse.parse(await response.json()).message).toMatch(/q/);
  });

  it.each(['/api/search', '/api/search?q=robe&l=0', '/api/search?q=robe&l=51', '/api/search?q=robe&l=abc', '/api/search?q=robe&q=jupe'])(
    '%s → 400',
    async (path) => {
      const response = await handle(new Request(`http://magazine.test${path}`));
      expect(response.status).toBe(400);
      contract.ErrorResponse.parse(await response.json());
    },
  );

  const hostile = [
    "'; DROP TABLE articles; --",
    'robe & | ! :* ()',
    'robe:*A',
    '((((((((',
    'robe\u0000robe',
    '\u0000\u0001\u0002',
    '💄💄💄',
    '<script>alert(1)</script>',
    '\\\\\\',
    'é'.repeat(200),
    '%%%___',
    "l'l'l'l'l'",
    '-- -- --',
  ];
  it.each(hostile)('hostile q %j never gives a 5xx', async (q) => {
    const response = await handle(new Request(`http://magazine.test/api/search?q=${encodeURIComponent(q)}`));
    expect(response.status).toBeLessThan(500);
    if (response.status === 200) contract.SearchArticlesResponse.parse(await response.json());
  });
});
