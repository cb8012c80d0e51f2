/**
 * Author pages (issue 36), on a server of its own with the demo content: an article's byline leads to the
 * author's page (name, photo, bio, Person JSON-LD, their articles) and back to the article, at 390 px too;
 * the page is server-rendered and cacheable, an unknown author is a 404, the authors sitemap lists it; an
 * editor changes an author's bio and picks their photo in the media library on the newsroom's « Auteurs »
 * page, and the page shows both; a new address leaves the old one answering one 301. axe on both pages.
 */
import { expect, type Page, test } from '@playwright/test';
import { seedLibraryImages } from './support/mediaLibrary.ts';
import { expectAxeClean, newsroomServer, signedApi, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const EDITOR = 'auteurs@piquante.test';
const server = newsroomServer([[EDITOR, 'Édith Auteurs', 'editor']]);
const PORTRAIT = 'Portrait en terrasse, lumière du soir';

let article: { fullUrl: string; title: string; author: { slug: string; name: string } };
let portraitUrl = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  portraitUrl = (await seedLibraryImages(server.baseUrl, EDITOR, [{ name: 'portrait.png', alt: PORTRAIT }])).get(PORTRAIT) ?? '';
  const list = (await (await request.get(`${server.baseUrl}/api/articles?limit=1`)).json()) as { results: { url: string }[] };
  const url = list.results[0]?.url ?? '';
  const detail = (await (await request.get(`${server.baseUrl}/api/article/${url}`)).json()) as {
    result: { fullUrl: string; title: string; author: { slug: string; name: string } };
  };
  article = detail.result;
});

async function jsonLdOf(page: Page, type: string): Promise<Record<string, unknown> | undefined> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>).find((item) => item['@type'] === type);
}

for (const width of [1280, 390]) {
  test(`byline → author page → article, at ${width} px; axe-clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseUrl}${article.fullUrl}`);
    const news = await jsonLdOf(page, 'NewsArticle');
    expect(((news?.author ?? []) as { url: string }[])[0]?.url).toMatch(new RegExp(`/auteur/${article.author.slug}$`));
    await page.getByTestId('bylines').getByRole('link', { name: article.author.name }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/auteur/${article.author.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: article.author.name })).toBeVisible();
    await expect(page.getByTestId('author-bio')).toBeVisible();
    await expect(page.getByTestId('author-heading').locator('img')).toBeVisible();
    const person = await jsonLdOf(page, 'Person');
    expect(person).toMatchObject({ name: article.author.name, url: expect.stringMatching(new RegExp(`/auteur/${article.author.slug}$`)) });
    const list = page.getByTestId('article-list');
    const link = list.getByRole('link', { name: article.title }).first();
    await expect(link).toBeVisible();
    // Nothing wider than the screen at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.waitForLoadState('networkidle');
    await expectAxeClean(page, `author page at ${width} px`);
    await link.click();
    await expect(page).toHaveURL(`${server.baseUrl}${article.fullUrl}`);
  });
}

test('the author page is server-rendered and cacheable; an unknown author is a 404; the sitemap lists it', async ({ request }) => {
  const response = await request.get(`${server.baseUrl}/auteur/${article.author.slug}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toMatch(/public/);
  expect(response.headers().etag).toBeTruthy();
  const html = await response.text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(article.author.name);
  expect(/<link[^>]*rel="canonical"[^>]*>/.exec(html)?.[0] ?? '').toMatch(
    new RegExp(`href="https?://[^"]+/auteur/${article.author.slug}"`),
  );
  expect(html).toContain('"@type":"Person"');
  expect((await request.get(`${server.baseUrl}/auteur/personne-inconnue`)).status()).toBe(404);
  const index = await (await request.get(`${server.baseUrl}/sitemap.xml`)).text();
  expect(index).toContain('/sitemap-authors.xml');
  const xml = await (await request.get(`${server.baseUrl}/sitemap-authors.xml`)).text();
  expect(xml).toContain(`/auteur/${article.author.slug}</loc>`);
});

test('an editor changes the bio and picks the photo in the library; the author page shows both', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.baseUrl, EDITOR);
  await page.getByRole('link', { name: 'Auteurs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auteurs' })).toBeVisible();
  await expectAxeClean(page, '/admin/auteurs');
  await page.getByRole('button', { name: `Modifier ${article.author.name}` }).click();
  const form = page.getByRole('form', { name: `Modifier « ${article.author.name} »` });
  await form
    .getByLabel('Bio (texte simple, une ligne vide entre deux paragraphes)')
    .fill('Une bio écrite dans la rédaction.\n\nEt un second paragraphe.');
  await form.getByRole('group', { name: 'Photo' }).getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choisir dans la médiathèque : Photo' });
  await dialog.getByRole('button', { name: PORTRAIT }).click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByLabel("Adresse de l'image")).toHaveValue(portraitUrl);
  await expectAxeClean(page, '/admin/auteurs, the form open');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Signature enregistrée.')).toBeVisible();

  // The write purged the cached page: the next reader sees the new bio and photo.
  await page.goto(`${server.baseUrl}/auteur/${article.author.slug}`);
  const bio = page.getByTestId('author-bio');
  await expect(bio.locator('p')).toHaveText(['Une bio écrite dans la rédaction.', 'Et un second paragraphe.']);
  const hash = /\/media\/library\/([0-9a-f]{64})-/.exec(portraitUrl)?.[1] ?? 'missing';
  await expect(page.getByTestId('author-heading').locator('img')).toHaveAttribute('src', new RegExp(hash));
  await expect(page.getByTestId('author-heading').locator('source[type="image/avif"]')).toHaveCount(1);
});

test('a new address leaves the old one answering one 301 to it', async ({ request }) => {
  const { api, csrf } = await signedApi(server.baseUrl, EDITOR);
  const list = (await (await api.get('/api/admin/authors')).json()) as {
    results: { id: number; slug: string; name: string; role: string; bio: string; photo: unknown }[];
  };
  const other = list.results.find((a) => a.slug !== article.author.slug && a.slug === 'pauline-dubois') ?? list.results[0];
  if (!other) throw new Error('no author');
  const saved = await api.put(`/api/admin/authors/${other.id}`, {
    headers: { 'x-csrf-token': csrf, origin: server.baseUrl },
    data: { name: other.name, role: other.role, bio: other.bio, photo: other.photo, slug: `${other.slug}-nouvelle` },
  });
  expect(saved.status()).toBe(200);
  await api.dispose();
  const old = await request.get(`${server.baseUrl}/auteur/${other.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/auteur/${other.slug}-nouvelle`);
  expect((await request.get(`${server.baseUrl}/auteur/${other.slug}-nouvelle`)).status()).toBe(200);
});
