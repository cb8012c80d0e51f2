/**
 * Signed previews of the small formats (issue 19), on a server of its own: a draft generator and a draft
 * quotation are written in /admin and previewed with their editor's "Aperçu" (a new tab, the link shown with
 * the time it expires); a contributor's draft shopping item, Instagram post, mosaic and contest get their link
 * from the API. Each preview page is the real public component with the draft's content, under the preview
 * banner, and passes axe. A forged token, or another format's, shows the French message of a dead link.
 */
import { expect, type Page, test } from '@playwright/test';
import { instagramDraftBody } from '../../src/testing/instagramFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../src/testing/mosaicContestFixtures.ts';
import { shoppingDraftBody } from '../../src/testing/shoppingFixtures.ts';
import { waitForHydration } from './support.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newsroomServer, signedApi, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const EDITOR = 'lea@piquante.test';
const CONTRIBUTOR = 'hugo@piquante.test';
const server = newsroomServer(
  [
    [EDITOR, 'Léa Éditrice', 'editor'],
    [CONTRIBUTOR, 'Hugo Pigiste', 'contributor'],
  ],
  { ADMIN_LOGIN_RATE_LIMIT: '100' },
);

const DEAD_LINK = 'Ce lien d’aperçu n’est pas valable : il a expiré ou il est incomplet. Demandez-en un nouveau.';
const TOKEN = /\d+\.\d+\.[A-Za-z0-9_-]{43}$/;

/** Clicks the editor's « Créer un lien d’aperçu »: the preview opens in a new tab, the editor keeps the link and its expiry. */
async function openPreviewFromEditor(page: Page, pagePath: string): Promise<Page> {
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Créer un lien d’aperçu' }).click(),
  ]);
  const status = page.getByRole('status').filter({ hasText: 'Aperçu ouvert' });
  await expect(status).toContainText(/Lien valable jusqu’(à \d\d h \d\d|à demain à \d\d h \d\d|au (1er|\d{1,2}) [a-zéû]+ à \d\d h \d\d)/);
  await expect(status.getByRole('link')).toHaveText(new RegExp(`^https?://[^/]+/${pagePath}/${TOKEN.source}`));
  await expect(preview).toHaveURL(new RegExp(`/${pagePath}/${TOKEN.source}`));
  return preview;
}

/** A contributor's draft made through the API, and its preview link (a path on the site). */
async function draftPreviewLink(admin: string, body: unknown): Promise<string> {
  const { api, csrf } = await signedApi(server.baseUrl, CONTRIBUTOR);
  const headers = { 'x-csrf-token': csrf };
  const created = await api.post(`/api/admin/${admin}`, { data: body, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const link = await api.post(`/api/admin/${admin}/${id}/preview-link`, { headers });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  await api.dispose();
  return url;
}

async function expectBannerAndAxe(page: Page, banner: string, where: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Aperçu —' })).toHaveText(`Aperçu — ${banner}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

test('a draft generator previewed from its editor draws its own replies in the real generator', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.baseUrl, EDITOR);
  await page.goto(`${server.baseUrl}/admin/generateurs/nouveau`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau générateur de répartie' })).toBeVisible();
  await page.getByLabel('Titre (la situation)').fill('Répondre au voisin qui tond le dimanche');
  await page.getByLabel('Introduction').fill('Sept heures du matin, la tondeuse démarre.');
  await page.getByLabel("Texte alternatif de l'image (obligatoire)").fill('Une tondeuse sur une pelouse');
  await page.getByLabel('Réplique 1', { exact: false }).and(page.locator('textarea')).fill('Le gazon vous remercie, pas moi.');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();

  const preview = await openPreviewFromEditor(page, 'apercu-generateur');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Répondre au voisin qui tond le dimanche');
  const draw = preview.getByRole('button', { name: 'Générer une réplique' });
  await waitForHydration(draw);
  await draw.click();
  await expect(preview.locator('.repartee-reply')).toHaveText('« Le gazon vous remercie, pas moi. »');
  // Drawing leaves the preview's address alone: a reply's own address exists once published.
  await expect(preview).toHaveURL(new RegExp(`/apercu-generateur/${TOKEN.source}`));
  await expectBannerAndAxe(preview, 'ce générateur n’est pas publié dans cet état.', 'generator preview');
  await preview.close();
});

test('a draft quotation previewed from its editor is the only one the footer types', async ({ browser }) => {
  test.setTimeout(120_000);
  // Reduced motion: the typewriter shows the quotation whole at once (no waiting on the typing).
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, EDITOR);
  await page.goto(`${server.baseUrl}/admin/citations/nouvelle`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle citation' })).toBeVisible();
  const text = 'La mode se démode, le style jamais.';
  await page.getByLabel('Citation', { exact: true }).fill(text);
  await page.getByLabel('Auteur ou autrice').fill('Coco Chanel');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();

  const preview = await openPreviewFromEditor(page, 'apercu-citation');
  const typewriter = preview.getByRole('region', { name: 'Citation' });
  await expect(typewriter.locator('.sr-only')).toHaveText(text);
  // Typed whole (the caret stays in the text, made transparent).
  await expect(typewriter.locator('[data-typed]')).toContainText(`« ${text}`);
  await expect(typewriter.getByText('— Coco Chanel')).toBeVisible();
  await expect(typewriter).toHaveAttribute('data-index', '0');
  await expectBannerAndAxe(preview, 'cette citation n’est pas publiée dans cet état.', 'quotation preview');
  await context.close();
});

test('a draft shopping item shows in the selection, in the real list, with its sponsored link', async ({ page }) => {
  const url = await draftPreviewLink('shopping', shoppingDraftBody('Le cabas qui va partout', { merchant: 'La Boutique Piquante' }));
  await page.goto(`${server.baseUrl}${url}`);
  const items = page.locator('.shopping-list > li');
  // The published selection is there too, the draft first (it was never published).
  expect(await items.count()).toBeGreaterThan(1);
  await expect(items.first().getByRole('heading', { level: 2 })).toHaveText('Le cabas qui va partout');
  const buy = items.first().getByRole('link', { name: 'Voir chez La Boutique Piquante' });
  await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
  await expect(buy).toHaveAttribute('href', 'https://www.monoprix.fr/produit/sac-cabas');
  await expectBannerAndAxe(page, 'ce produit n’est pas publié dans cet état.', 'shopping preview');
});

test('a draft Instagram post shows first among the published posts', async ({ page }) => {
  const caption = 'Réunion de rédaction, troisième café.';
  const url = await draftPreviewLink('instagram', instagramDraftBody(caption));
  await page.goto(`${server.baseUrl}${url}`);
  const posts = page.getByRole('region', { name: 'Publications' }).getByRole('listitem');
  expect(await posts.count()).toBeGreaterThan(1);
  await expect(posts.first()).toContainText(caption);
  await expectBannerAndAxe(page, 'cette publication n’est pas publiée dans cet état.', 'Instagram preview');
});

test('a draft mosaic shows its images and captions in the real mosaic page', async ({ page }) => {
  const url = await draftPreviewLink('mosaics', mosaicDraftBody('Les looks du marché'));
  await page.goto(`${server.baseUrl}${url}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Les looks du marché');
  const images = page.locator('.mosaic-grid figure');
  await expect(images).toHaveCount(2);
  await expect(images.nth(0).getByRole('img', { name: 'Une robe en lin écru' })).toBeVisible();
  await expect(images.nth(1)).toContainText('La couleur de l’été.');
  await expectBannerAndAxe(page, 'cette mosaïque n’est pas publiée dans cet état.', 'mosaic preview');
});

test('a draft contest shows its title, prize and rules in the real contest page', async ({ page }) => {
  const url = await draftPreviewLink('contests', contestDraftBody('Gagnez un week-end à Biarritz'));
  await page.goto(`${server.baseUrl}${url}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gagnez un week-end à Biarritz');
  await expect(page.getByText('Un week-end pour deux personnes')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Le règlement' }).getByRole('listitem')).toHaveCount(2);
  await expectBannerAndAxe(page, 'ce concours n’est pas publié dans cet état.', 'contest preview');
});

test('a forged or expired token, or another format’s, shows the French message of a dead link', async ({ page }) => {
  const generatorUrl = await draftPreviewLink('generators', {
    title: 'Un générateur pour rien',
    description: 'Jamais publié.',
    image: { url: '/media/svg/repartee/soiree.svg', alt: 'Deux verres', width: 1200, height: 800 },
    replies: [{ text: 'Une réplique.' }],
  });
  const token = generatorUrl.split('/').pop() ?? '';
  const [id, expires, signature] = token.split('.');
  const pages = [
    // Another format's token opens nothing.
    `/apercu-mosaique/${token}`,
    // Forged: the signature of another expiry.
    `/apercu-generateur/${id}.${Number(expires) + 1}.${signature}`,
    // Expired long ago (and so, unsigned).
    `/apercu-concours/${id}.1000000000.${'A'.repeat(43)}`,
    `/apercu-citation/pas-un-jeton`,
    `/apercu-shopping/${id}.1.${'B'.repeat(43)}`,
    `/apercu-instagram/${token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
  ];
  for (const path of pages) {
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(DEAD_LINK), path).toBeVisible();
  }
  expect(await seriousAxeViolations(page), 'dead preview link').toEqual([]);
});
