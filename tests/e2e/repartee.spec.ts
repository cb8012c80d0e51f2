/**
 * The repartee generator (issue 9), in Chromium against the production build: the list 12 at a time,
 * the button ready once the replies are in, every reply once before any repeats, each reply's own
 * address rendered by the server, copy and share, axe.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import type { ReparteeGenerator, ReparteeGeneratorSummary } from '../../src/api/types.ts';
import { waitForHydration } from './support.ts';
import { seriousAxeViolations } from './support/axe.ts';

async function bigGenerator(request: APIRequestContext): Promise<ReparteeGenerator> {
  const list = (await (await request.get('/api/repartee-generator')).json()) as { results: ReparteeGeneratorSummary[] };
  const summary = list.results.find((g) => g.replyCount >= 20);
  if (!summary) throw new Error('the demo needs a generator with 20+ replies');
  return (await (await request.get(`/api/repartee-generator/${summary.url}`)).json()) as ReparteeGenerator;
}

const drawButton = (page: Page) => page.getByRole('button', { name: 'Générer une réplique' });
const shownReply = (page: Page) => page.locator('.repartee-reply');

test('the list shows 12 generators, and "more" asks for the next 12 from offset 12', async ({ page, request }) => {
  const all = ((await (await request.get('/api/repartee-generator?offset=0')).json()) as { results: unknown[] }).results.length;
  const pageSize = appConfig.pagination.defaultLimit;
  expect(all).toBe(pageSize);
  await page.goto('/generateur-de-repartie');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(pageSize);
  const more = page.getByRole('button', { name: 'Plus de situations' });
  // A click before hydration does nothing (seen once in CI under load): the button is React's first.
  await waitForHydration(more);
  const next = page.waitForRequest((r) => r.url().includes('/api/repartee-generator?offset=12'));
  await more.click();
  await next;
  await expect.poll(() => cards.count()).toBeGreaterThan(pageSize);
});

test('the draw button is disabled on the server page and becomes ready in the browser', async ({ page, request }) => {
  const generator = await bigGenerator(request);
  const html = await (await request.get(`/generateur-de-repartie/${generator.url}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toMatch(/<button[^>]*disabled[^>]*>Générer une réplique<\/button>/);
  await page.goto(`/generateur-de-repartie/${generator.url}`);
  await expect(drawButton(page)).toBeEnabled();
});

test('a reader sees every reply once before any repeats; each draw gets its own address', async ({ page, request }) => {
  const generator = await bigGenerator(request);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`/generateur-de-repartie/${generator.url}`);
  const seen: string[] = [];
  for (let i = 0; i < generator.replies.length + 1; i++) {
    const before = (await shownReply(page).count()) > 0 ? await shownReply(page).getAttribute('data-reply-id') : null;
    await drawButton(page).click();
    await expect(shownReply(page)).not.toHaveAttribute('data-reply-id', before ?? '');
    const id = (await shownReply(page).getAttribute('data-reply-id')) ?? '';
    await expect(page).toHaveURL(new RegExp(`\\?replique=${id}$`));
    seen.push(id);
  }
  const firstRound = seen.slice(0, generator.replies.length);
  expect(new Set(firstRound).size).toBe(generator.replies.length);
  // The next round starts with a reply other than the last one.
  expect(seen.at(-1)).not.toBe(seen.at(-2));
  // Drawing (and changing the address) never asked the server for the generator again.
  expect(asked.filter((path) => path.startsWith('/api/repartee-generator/'))).toEqual([]);
});

test("a reply's address renders that reply on the server, for people and for share cards", async ({ request }) => {
  const generator = await bigGenerator(request);
  const reply = generator.replies[6];
  if (!reply) throw new Error('no reply');
  const response = await request.get(`/generateur-de-repartie/${generator.url}?replique=${reply.id}`, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = (await response.text())
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  expect(html).toMatch(new RegExp(`data-reply-id="${reply.id}"[^>]*>« ${reply.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} »`));
  expect(html).toContain(`<meta name="description" content="« ${reply.text} »"`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/generateur-de-repartie/${generator.url}\\?replique=${reply.id}"`));
});

test('hostile or unknown reply numbers show the generator without a reply, never a 5xx', async ({ request }) => {
  const generator = await bigGenerator(request);
  for (const value of ['0', '-1', '1.5', 'abc', '99999', '1e3', encodeURIComponent('<script>'), '%00', '9'.repeat(40)]) {
    const response = await request.get(`/generateur-de-repartie/${generator.url}?replique=${value}`, { headers: { accept: 'text/html' } });
    expect.soft(response.status(), value).toBe(200);
    expect.soft(await response.text(), value).not.toContain('data-reply-id=');
  }
  for (const path of ['/generateur-de-repartie/INCONNU', '/generateur-de-repartie/%00', `/generateur-de-repartie/${'x'.repeat(300)}`]) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect.soft(response.status(), path).toBe(404);
  }
});

test('a shared reply opens on that reply, and the copy button copies its address with a French confirmation', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const generator = await bigGenerator(request);
  const reply = generator.replies[3];
  if (!reply) throw new Error('no reply');
  await page.goto(`/generateur-de-repartie/${generator.url}?replique=${reply.id}`);
  await expect(shownReply(page)).toHaveAttribute('data-reply-id', String(reply.id));
  await expect(drawButton(page)).toBeEnabled();
  await page.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié !')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/generateur-de-repartie/${generator.url}\\?replique=${reply.id}$`));
  // Without the Web Share API (desktop Chromium), the share links are offered.
  await expect(page.getByRole('main').getByRole('link', { name: 'Partager sur Facebook' })).toHaveAttribute(
    'href',
    new RegExp(`replique%3D${reply.id}$`),
  );
  // The shared reply counts as seen: the next draw is another one.
  await drawButton(page).click();
  await expect(shownReply(page)).not.toHaveAttribute('data-reply-id', String(reply.id));
});

test('axe finds no serious violation on the generator list and a generator with a reply', async ({ page, request }) => {
  const generator = await bigGenerator(request);
  for (const path of ['/generateur-de-repartie', `/generateur-de-repartie/${generator.url}`]) {
    await page.goto(path);
    if (path !== '/generateur-de-repartie') await drawButton(page).click();
    expect(await seriousAxeViolations(page), path).toEqual([]);
  }
});
