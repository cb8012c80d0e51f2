/**
 * Piquante in front of a real WordPress (issue 35): WordPress from Debian's packages on a loopback port
 * (scripts/sources/wordpress.sh: php's built-in server, MariaDB), a Piquante server of its own with
 * CONTENT_SOURCE=wordpress polling every second. Nothing is mocked at the HTTP boundary: the posts are
 * written with WordPress's own REST API and application password, as an editor's tools would.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createStaff, signIn } from '../support/newsroom.ts';
import { freePort, type OwnServer, startOwnServer, tempDataDir } from '../support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const script = join(process.cwd(), 'scripts/sources/wordpress.sh');
let wpDir = '';
let wp: Record<string, string> = {};
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
/** How long the front may take to follow WordPress: a poll a second, the job queue's own polling, the write. */
const FOLLOW = { timeout: 30_000, intervals: [500] };

const wordpress = (command: string, ...args: string[]) => execFileSync(script, [command, wpDir, ...args], { encoding: 'utf8' });

/** WordPress's REST API with the application password (as an editor's tool would write). */
async function wpApi(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${wp.WORDPRESS_URL}/wp-json/wp/v2/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Basic ${Buffer.from(`${wp.WORDPRESS_USER}:${wp.WORDPRESS_APP_PASSWORD}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(answer.status, `${path}: ${answer.status}`).toBeLessThan(300);
  return (await answer.json()) as Record<string, unknown>;
}

const EDITOR = 'eloise@piquante.test';

const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!existsSync('/usr/share/wordpress/wp-settings.php')) {
    throw new Error('WordPress is not installed: apt-get install -y wordpress php-mysql mariadb-server (.ci/run does it).');
  }
  wpDir = mkdtempSync(join(tmpdir(), 'piquante-wordpress-'));
  const started = Date.now();
  const printed = wordpress('start', String(await freePort()));
  wp = Object.fromEntries(
    printed
      .trim()
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  console.log(`[wordpress] set up and started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  data = tempDataDir();
  await createStaff(data.dir, EDITOR, 'Éloïse Éditrice', 'editor');
  const booted = Date.now();
  server = await startOwnServer({
    DATA_DIR: data.dir,
    CONTENT_SOURCE: 'wordpress',
    WORDPRESS_URL: wp.WORDPRESS_URL,
    WORDPRESS_USER: wp.WORDPRESS_USER,
    WORDPRESS_APP_PASSWORD: wp.WORDPRESS_APP_PASSWORD,
    SOURCE_POLL_SECONDS: '1',
    SOURCE_RECONCILE_SECONDS: '2',
    SOURCE_TIMEOUT_MS: '3000',
  });
  // The first synchronisation also draws the image's variants (AVIF is slow on a loaded 2-core machine).
  await expect.poll(async () => (await (await get('/')).text()).includes('La robe framboise'), { ...FOLLOW, timeout: 120_000 }).toBe(true);
  console.log(`[wordpress] first synchronisation visible on the home ${((Date.now() - booted) / 1000).toFixed(1)} s after start`);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
  if (wpDir) wordpress('destroy');
});

test('the magazine’s pages come from WordPress: home, category, article with its image, tag, author, search in a body', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByRole('link', { name: /La robe framboise & l’été/ }).first()).toBeVisible();
  await page.goto(`${server.baseUrl}/mode`);
  await expect(page.getByRole('link', { name: /La robe framboise & l’été/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Le carnet de plage/ }).first()).toBeVisible();

  await page.goto(`${server.baseUrl}/mode/la-robe-framboise`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La robe framboise & l’été');
  await expect(page.getByText('pour les soirs d’été')).toBeVisible();
  // The post's <script> never reaches the page.
  expect(await page.content()).not.toContain('alert(1)');
  // The featured image, from the media library with its variants.
  const image = page.locator('img[src*="/media/library/"]').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto(`${server.baseUrl}/tag/ete`);
  await expect(page.getByRole('link', { name: /La robe framboise/ }).first()).toBeVisible();
  await page.goto(`${server.baseUrl}/auteur/camille`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
  await expect(page.getByRole('link', { name: /La robe framboise/ }).first()).toBeVisible();

  // The WordPress permalink answers one 301 to the front's address.
  const year = new Date().getUTCFullYear();
  const permalink = await get(`/${year}/la-robe-framboise/`);
  expect(permalink.status).toBe(301);
  expect(permalink.headers.get('location')).toMatch(/\/mode\/la-robe-framboise$/);

  const found = (await (await get('/api/search?q=groseille')).json()) as { url: string }[] | { items: { url: string }[] };
  expect(JSON.stringify(found)).toContain('la-robe-framboise');
});

test('publish, edit, change the slug, unpublish in WordPress: the front follows', async () => {
  const started = Date.now();
  const made = await wpApi('posts', {
    title: 'Le chapeau de paille',
    slug: 'le-chapeau-de-paille',
    content: '<p>Un chapeau tressé, mot-témoin : capeline.</p>',
    status: 'publish',
    categories: [(await wpApi('categories?slug=mode').then((list) => (list as unknown as { id: number }[])[0]?.id)) ?? 1],
  });
  const id = made.id as number;
  await expect.poll(async () => (await get('/mode/le-chapeau-de-paille')).status, FOLLOW).toBe(200);
  console.log(`[wordpress] published → on the front in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await expect.poll(async () => (await (await get('/')).text()).includes('Le chapeau de paille'), FOLLOW).toBe(true);

  await wpApi(`posts/${id}`, { title: 'Le chapeau de paille, version longue' });
  await expect.poll(async () => (await (await get('/mode/le-chapeau-de-paille')).text()).includes('version longue'), FOLLOW).toBe(true);

  await wpApi(`posts/${id}`, { slug: 'la-capeline' });
  await expect.poll(async () => (await get('/mode/la-capeline')).status, FOLLOW).toBe(200);
  // The old address's cached page is purged just after the write's commit, which the new address's first
  // render can beat by a few milliseconds: the 301 is asked for until it comes.
  await expect.poll(async () => (await get('/mode/le-chapeau-de-paille')).status, FOLLOW).toBe(301);
  const moved = await get('/mode/le-chapeau-de-paille');
  expect(moved.headers.get('location')).toMatch(/\/mode\/la-capeline$/);

  await wpApi(`posts/${id}`, { status: 'draft' });
  await expect.poll(async () => (await get('/mode/la-capeline')).status, FOLLOW).toBeGreaterThanOrEqual(404);
  expect([404, 410]).toContain((await get('/mode/la-capeline')).status);
  expect(JSON.stringify(await (await get('/api/search?q=capeline')).json())).not.toContain('la-capeline');
});

test('a preview of a draft: listed in the newsroom, opened at its signed address, never cached nor indexed nor published', async ({
  page,
}) => {
  await wpApi('posts', {
    title: 'Le panama en brouillon',
    slug: 'le-panama',
    // Its own excerpt: WordPress would make one from the body, and the body's sentence would show twice.
    excerpt: 'Le chapeau des Andes.',
    content: '<p>Un brouillon, mot-témoin : toquilla.</p><script>alert(2)</script>',
    status: 'draft',
  });
  await signIn(page, server.baseUrl, EDITOR);
  await page.getByRole('button', { name: 'Voir les brouillons et leurs aperçus' }).click();
  const item = page
    .getByRole('list', { name: 'Brouillons de WordPress' })
    .getByRole('listitem')
    .filter({ hasText: 'Le panama en brouillon' });
  const href = (await item.getByRole('link', { name: 'Aperçu' }).getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/apercu-source\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/);

  await page.goto(`${server.baseUrl}${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le panama en brouillon');
  await expect(page.getByText('mot-témoin : toquilla')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Aperçu' }).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await page.content()).not.toContain('alert(2)');
  const answer = await get(href);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toMatch(/no-store/);
  const api = await get(`/api/preview/source/${href.slice('/apercu-source/'.length)}`);
  expect(api.headers.get('cache-control')).toBe('no-store');

  // Not published: absent from the home and from search.
  expect(await (await get('/')).text()).not.toContain('Le panama en brouillon');
  expect(JSON.stringify(await (await get('/api/search?q=toquilla')).json())).not.toContain('panama');
  // An altered signature opens nothing.
  const altered = href.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect((await get(altered)).status).toBe(404);
  expect((await get(`/api/preview/source/${altered.slice('/apercu-source/'.length)}`)).status).toBe(404);
});

test('WordPress stopped: every page is still served, search works, the newsroom says so, and the sync catches up when it is back', async ({
  page,
}) => {
  wordpress('stop');
  await new Promise((done) => setTimeout(done, 3000));
  for (const path of ['/', '/mode', '/mode/la-robe-framboise', '/tag/ete', '/auteur/camille']) {
    expect((await get(path)).status, path).toBe(200);
  }
  expect(JSON.stringify(await (await get('/api/search?q=groseille')).json())).toContain('la-robe-framboise');
  expect(server.log()).toMatch(/WordPress unreachable, the site serves what it has/);
  // The newsroom says so, lists the copies read-only, and links each to WordPress's editor.
  await signIn(page, server.baseUrl, EDITOR);
  await expect(page.getByRole('alert').filter({ hasText: /WordPress injoignable depuis \d\d h \d\d/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'La robe framboise' });
  await expect(row.getByRole('link', { name: 'Modifier dans WordPress' })).toHaveAttribute(
    'href',
    /\/wp-admin\/post\.php\?post=\d+&action=edit$/,
  );
  expect(server.log()).not.toContain(wp.WORDPRESS_APP_PASSWORD);
  wordpress('resume');
  await wpApi('posts', { title: 'Après la panne', slug: 'apres-la-panne', content: '<p>De retour.</p>', status: 'publish' });
  await expect.poll(async () => (await (await get('/')).text()).includes('Après la panne'), FOLLOW).toBe(true);
});
