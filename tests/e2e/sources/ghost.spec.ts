/**
 * Piquante in front of a real Ghost 6 (issue 35): Ghost installed from the npm registry only and started on a
 * loopback port by scripts/sources/ghost.ts (SQLite, `security.allowWebhookInternalIPs`, its owner, a custom
 * integration's keys, and webhooks to this test's Piquante), a Piquante server of its own with CONTENT_SOURCE=ghost.
 * Nothing is mocked at the HTTP boundary: posts are written with Ghost's Admin API (the owner's session, as
 * Ghost's editor does), and Ghost itself delivers the signed webhooks. Polling is set to its longest (2 minutes),
 * so a change seen within seconds came by the webhook.
 */
import { createHmac } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ghostPaths, type RunningGhost, startGhost } from '../../../scripts/sources/ghost.ts';
import { createStaff, signIn } from '../support/newsroom.ts';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from '../support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const SECRET = `ghost-webhook-${Date.now()}-secret`;
let ghost: RunningGhost;
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
/** The issue's target: a change in Ghost on the front's home ≤ 10 s after the webhook. */
const WEBHOOK = { timeout: 10_000, intervals: [250] };
/** The first synchronisation at start (a poll queued at once). */
const FIRST_SYNC = { timeout: 60_000, intervals: [500] };

const EDITOR = 'eloise@piquante.test';
/** The published post's image, in the media library once synchronised. */
let publishedImageUrl = '';

const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
const text = async (path: string) => (await get(path)).text();

type GhostPost = { id: string; updated_at: string; slug: string };
async function writePost(fields: Record<string, unknown>, id?: string): Promise<GhostPost> {
  const path = id ? `posts/${id}/?source=html` : 'posts/?source=html';
  const answer = await ghost.admin.call<{ posts: GhostPost[] }>(id ? 'PUT' : 'POST', path, { posts: [fields] });
  return answer.posts[0] as GhostPost;
}

async function writePage(fields: Record<string, unknown>, id?: string): Promise<GhostPost> {
  const path = id ? `pages/${id}/?source=html` : 'pages/?source=html';
  const answer = await ghost.admin.call<{ pages: GhostPost[] }>(id ? 'PUT' : 'POST', path, { pages: [fields] });
  return answer.pages[0] as GhostPost;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!existsSync(join(ghostPaths().home, '.installed'))) {
    throw new Error('Ghost is not installed: npm run source:ghost -- install (.ci/run does it; ~8 min the first time).');
  }
  const port = await freePort();
  const started = Date.now();
  ghost = await startGhost({ port: await freePort(), webhook: { url: `http://127.0.0.1:${port}/api/sources/webhook`, secret: SECRET } });
  console.log(`[ghost] set up and started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#d2352b' } })
    .jpeg()
    .toBuffer();
  const imageUrl = await ghost.admin.uploadImage(image, 'tomates.jpg');
  publishedImageUrl = imageUrl;
  await writePost({
    title: 'Le gaspacho au piment',
    slug: 'le-gaspacho',
    status: 'published',
    custom_excerpt: 'Froid, rouge et relevé.',
    tags: [{ name: 'Cuisine' }, { name: 'Été' }, { name: '#une' }],
    feature_image: imageUrl,
    feature_image_alt: 'Des tomates bien mûres',
    feature_image_caption: 'Photo <em>de la rédaction</em>',
    html: `<p>Un gaspacho relevé au piment d’Espelette, mot-témoin : pimprenelle.</p><figure class="kg-card kg-image-card"><img src="${imageUrl}" alt="Tomates coupées"></figure><!--kg-card-begin: html--><p>Encadré</p><script>alert(1)</script><!--kg-card-end: html-->`,
  });
  await writePost({
    title: 'La salade de pastèque',
    slug: 'la-salade-de-pasteque',
    status: 'published',
    tags: [{ name: 'Cuisine' }],
    html: '<p>Fraîche.</p>',
  });
  data = tempDataDir();
  await createStaff(data.dir, EDITOR, 'Éloïse Éditrice', 'editor');
  const booted = Date.now();
  server = await startOwnServer(
    {
      DATA_DIR: data.dir,
      CONTENT_SOURCE: 'ghost',
      GHOST_URL: ghost.url,
      GHOST_CONTENT_API_KEY: ghost.contentKey,
      GHOST_ADMIN_API_KEY: ghost.adminKey,
      SOURCE_WEBHOOK_SECRET: SECRET,
      SOURCE_POLL_SECONDS: '120',
      SOURCE_RECONCILE_SECONDS: '86400',
      SOURCE_TIMEOUT_MS: '3000',
    },
    port,
  );
  await expect.poll(async () => (await text('/')).includes('Le gaspacho au piment'), FIRST_SYNC).toBe(true);
  console.log(`[ghost] first synchronisation visible on the home ${((Date.now() - booted) / 1000).toFixed(1)} s after start`);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
  await ghost?.stop();
  if (ghost) rmSync(ghost.runDir, { recursive: true, force: true });
});

test('the magazine’s pages come from Ghost: home, category, article with its image, tag, author, search in a body', async ({ page }) => {
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByRole('link', { name: /Le gaspacho au piment/ }).first()).toBeVisible();
  // The primary tag is the category.
  await page.goto(`${server.baseUrl}/cuisine`);
  await expect(page.getByRole('link', { name: /Le gaspacho au piment/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /La salade de pastèque/ }).first()).toBeVisible();

  await page.goto(`${server.baseUrl}/cuisine/le-gaspacho`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le gaspacho au piment');
  await expect(page.getByText('mot-témoin : pimprenelle')).toBeVisible();
  expect(await page.content()).not.toContain('alert(1)');
  // The feature image, from the media library (never from Ghost: the page names no Ghost address).
  const image = page.locator('img[src*="/media/library/"]').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.content()).not.toContain(ghost.url);
  expect(await page.content()).not.toContain(ghost.contentKey);
  // The byline: Ghost's author, with a page of their own.
  const byline = await page.locator('a[href^="/auteur/"]').first().getAttribute('href');
  console.log(`[ghost] byline ${byline}`);

  // Other public tags are tags; the internal #une is not shown.
  await page.goto(`${server.baseUrl}/tag/ete`);
  await expect(page.getByRole('link', { name: /Le gaspacho au piment/ }).first()).toBeVisible();
  expect((await get('/tag/hash-une')).status).toBe(404);
  await page.goto(`${server.baseUrl}${byline}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rédaction Ghost');
  await expect(page.getByRole('link', { name: /Le gaspacho au piment/ }).first()).toBeVisible();

  expect(JSON.stringify(await (await get('/api/search?q=pimprenelle')).json())).toContain('le-gaspacho');
  // Ghost's own address of the post leads to the front's.
  const permalink = await fetch(`${server.baseUrl}/le-gaspacho/`);
  expect(permalink.status).toBe(200);
  expect(new URL(permalink.url).pathname).toBe('/cuisine/le-gaspacho');
});

test('publish, edit, change the slug, unpublish, delete in Ghost: the webhook makes the front follow within 10 s', async () => {
  let started = Date.now();
  let post = await writePost({
    title: 'Le sorbet au basilic',
    slug: 'le-sorbet',
    status: 'published',
    tags: [{ name: 'Cuisine' }],
    html: '<p>Vert et glacé.</p>',
  });
  await expect.poll(async () => (await text('/')).includes('Le sorbet au basilic'), WEBHOOK).toBe(true);
  console.log(`[ghost] published → on the home in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  post = await writePost({ title: 'Le sorbet au basilic et citron', updated_at: post.updated_at }, post.id);
  await expect.poll(async () => (await text('/')).includes('Le sorbet au basilic et citron'), WEBHOOK).toBe(true);
  console.log(`[ghost] edited → on the home in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  post = await writePost({ slug: 'le-sorbet-vert', updated_at: post.updated_at }, post.id);
  await expect.poll(async () => (await get('/cuisine/le-sorbet-vert')).status, WEBHOOK).toBe(200);
  // The old address's cached page is purged just after the write's commit, which the new address's first
  // render can beat by a few milliseconds: the 301 is asked for until it comes.
  await expect.poll(async () => (await get('/cuisine/le-sorbet')).status, WEBHOOK).toBe(301);
  const moved = await get('/cuisine/le-sorbet');
  expect(moved.headers.get('location')).toMatch(/\/cuisine\/le-sorbet-vert$/);

  post = await writePost({ status: 'draft', updated_at: post.updated_at }, post.id);
  await expect.poll(async () => (await get('/cuisine/le-sorbet-vert')).status, WEBHOOK).toBe(404);
  expect(await text('/')).not.toContain('Le sorbet au basilic');

  // Published again, then deleted: `post.unpublished` then `post.deleted`, the post only in `previous`.
  post = await writePost({ status: 'published', updated_at: post.updated_at }, post.id);
  await expect.poll(async () => (await get('/cuisine/le-sorbet-vert')).status, WEBHOOK).toBe(200);
  await ghost.admin.call('DELETE', `posts/${post.id}/`);
  await expect.poll(async () => (await get('/cuisine/le-sorbet-vert')).status, WEBHOOK).toBe(404);
  expect(JSON.stringify(await (await get('/api/search?q=basilic')).json())).not.toContain('le-sorbet');
});

test('a page of Ghost is on the front at its own address and in the sitemap; reslugged it redirects, unpublished it is a 404', async ({
  page,
}) => {
  let started = Date.now();
  let about = await writePage({
    title: 'À propos de nous',
    slug: 'a-propos',
    status: 'published',
    meta_title: 'Qui fait ce magazine',
    meta_description: 'La rédaction et ses adresses.',
    html: '<p>Une rédaction à Lyon, mot-témoin : capucine.</p><!--kg-card-begin: html--><script>alert(3)</script><!--kg-card-end: html-->',
  });
  await expect.poll(async () => (await get('/a-propos')).status, WEBHOOK).toBe(200);
  console.log(`[ghost] page published → at its address in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.goto(`${server.baseUrl}/a-propos`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de nous');
  await expect(page.getByText('mot-témoin : capucine')).toBeVisible();
  await expect(page).toHaveTitle(/^Qui fait ce magazine/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'La rédaction et ses adresses.');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/a-propos$/);
  expect(await page.content()).not.toContain('alert(3)');
  // Ghost's own address of the page (its trailing slash) lands there.
  const permalink = await fetch(`${server.baseUrl}/a-propos/`);
  expect(permalink.status).toBe(200);
  expect(new URL(permalink.url).pathname).toBe('/a-propos');
  await expect.poll(async () => text('/sitemap-pages.xml'), WEBHOOK).toContain('/a-propos</loc>');

  started = Date.now();
  about = await writePage({ slug: 'qui-sommes-nous', updated_at: about.updated_at }, about.id);
  await expect.poll(async () => (await get('/qui-sommes-nous')).status, WEBHOOK).toBe(200);
  await expect.poll(async () => (await get('/a-propos')).status, WEBHOOK).toBe(301);
  expect((await get('/a-propos')).headers.get('location')).toBe('/qui-sommes-nous');
  console.log(`[ghost] page reslugged → followed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  about = await writePage({ status: 'draft', updated_at: about.updated_at }, about.id);
  await expect.poll(async () => (await get('/qui-sommes-nous')).status, WEBHOOK).toBe(404);
  await expect.poll(async () => text('/sitemap-pages.xml'), WEBHOOK).not.toContain('/qui-sommes-nous</loc>');
});

test('a preview of a draft: listed in the newsroom, opened at its signed address, never cached nor indexed nor published', async ({
  page,
}) => {
  // An image only the draft has (not in the library), the published post's (in the library), a link to that post.
  const draftImage = await ghost.admin.uploadImage(
    await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3b8f5a' } })
      .png()
      .toBuffer(),
    'glace.png',
  );
  await writePost({
    title: 'Le granité en brouillon',
    slug: 'le-granite',
    status: 'draft',
    tags: [{ name: 'Cuisine' }],
    feature_image: draftImage,
    feature_image_alt: 'Un granité vert',
    html: [
      '<p>Un brouillon, mot-témoin : livèche.</p><!--kg-card-begin: html--><script>alert(2)</script><!--kg-card-end: html-->',
      `<figure class="kg-card kg-image-card"><img src="${draftImage}" alt="De la glace pilée"></figure>`,
      `<figure class="kg-card kg-image-card"><img src="${publishedImageUrl}" alt="Les tomates déjà publiées"></figure>`,
      `<p>Avec <a href="${ghost.url}/le-gaspacho/">le gaspacho</a>.</p>`,
    ].join(''),
  });
  await signIn(page, server.baseUrl, EDITOR);
  await page.getByRole('button', { name: 'Voir les brouillons et leurs aperçus' }).click();
  const item = page.getByRole('list', { name: 'Brouillons de Ghost' }).getByRole('listitem').filter({ hasText: 'Le granité en brouillon' });
  const href = (await item.getByRole('link', { name: 'Aperçu' }).getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/apercu-source\/[0-9a-f]{24}\.\d+\.[A-Za-z0-9_-]{43}$/);

  const origins = new Set<string>();
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
  });
  await page.goto(`${server.baseUrl}${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le granité en brouillon');
  // The draft's images, served by the front (its own image at the preview's address, the published one from the
  // library), loaded; the link to the published post at its front address; no request to Ghost from the page.
  const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;
  const own = page.getByRole('img', { name: 'De la glace pilée' });
  await own.scrollIntoViewIfNeeded();
  await expect(own).toHaveAttribute('src', /^\/api\/preview\/source\/[0-9a-f]{24}\.\d+\.[A-Za-z0-9_-]{43}\/images\/\d+$/);
  await expect.poll(() => own.evaluate(loaded)).toBe(true);
  const main = page.getByRole('img', { name: 'Un granité vert' }).first();
  await expect(main).toHaveAttribute('src', /^\/api\/preview\/source\//);
  await expect.poll(() => main.evaluate(loaded)).toBe(true);
  const known = page.getByRole('img', { name: 'Les tomates déjà publiées' });
  await known.scrollIntoViewIfNeeded();
  await expect(known).toHaveAttribute('src', /^\/media\/library\//);
  await expect.poll(() => known.evaluate(loaded)).toBe(true);
  await expect(page.getByRole('link', { name: 'le gaspacho' })).toHaveAttribute('href', '/cuisine/le-gaspacho');
  expect(await page.content()).not.toContain(ghost.url);
  expect([...origins]).toEqual([server.baseUrl]);
  const served = await get((await own.getAttribute('src')) ?? '');
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('cache-control')).toBe('private, no-store');
  expect(served.headers.get('x-robots-tag')).toBe('noindex');
  await expect(page.getByText('mot-témoin : livèche')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await page.content()).not.toContain('alert(2)');
  const answer = await get(href);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toMatch(/no-store/);
  expect((await get(`/api/preview/source/${href.slice('/apercu-source/'.length)}`)).headers.get('cache-control')).toBe('no-store');

  expect(await text('/')).not.toContain('Le granité en brouillon');
  expect(JSON.stringify(await (await get('/api/search?q=liveche')).json())).not.toContain('granite');
  const altered = href.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect((await get(altered)).status).toBe(404);
  expect((await get(`/api/preview/source/${altered.slice('/apercu-source/'.length)}`)).status).toBe(404);
  // The Admin API key never reaches the page nor the log.
  expect(await page.content()).not.toContain(ghost.adminKey.split(':')[1] as string);
  expect(server.log()).not.toContain(ghost.adminKey.split(':')[1] as string);
});

test('a forged webhook is refused (401) and changes nothing', async () => {
  const body = JSON.stringify({ event: 'post.deleted', post: { current: {}, previous: { id: '0123456789abcdef01234567' } } });
  const t = Date.now();
  const forged = `sha256=${createHmac('sha256', 'not-the-secret-at-all').update(`${body}${t}`).digest('hex')}, t=${t}`;
  for (const signature of [forged, null]) {
    const answer = await fetch(`${server.baseUrl}/api/sources/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-ghost-signature': signature } : {}) },
      body,
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toMatch(/Webhook refusé/);
  }
  expect((await get('/cuisine/le-gaspacho')).status).toBe(200);
});

test('Ghost stopped: every page is still served and search works', async () => {
  await ghost.stop();
  // A change the front cannot read now (a tag's webhook makes a pass): the outage is said, nothing is lost.
  const body = JSON.stringify({ event: 'tag.edited', tag: { current: { id: '0123456789abcdef01234567' }, previous: {} } });
  const t = Date.now();
  const signature = `sha256=${createHmac('sha256', SECRET).update(`${body}${t}`).digest('hex')}, t=${t}`;
  await fetch(`${server.baseUrl}/api/sources/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ghost-signature': signature },
    body,
  });
  for (const path of ['/', '/cuisine', '/cuisine/le-gaspacho', '/tag/ete']) {
    expect((await get(path)).status, path).toBe(200);
  }
  expect(JSON.stringify(await (await get('/api/search?q=pimprenelle')).json())).toContain('le-gaspacho');
  await expect.poll(() => server.log(), { timeout: 10_000 }).toMatch(/Ghost unreachable, the site serves what it has/);
  expect(server.log()).not.toContain(ghost.contentKey);
  expect(server.log()).not.toContain(ghost.adminKey.split(':')[1] as string);
});
