/**
 * Repartee generators in the newsroom (issue 19), on a server of its own: an editor writes a generator from
 * /admin/generateurs (title, introduction, image alt text, three replies, one moved up), a hostile reply is
 * refused in French, then publishes it; readers find it first on /generateur-de-repartie and its page draws
 * its replies. A reply's shared address (?replique=) shows that reply, and still does after its text is
 * edited in the newsroom. A quotation written and published at rank 0 is the first the footer types. axe on
 * the lists and the editors.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './support.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['rose@piquante.test', 'Rose Rédactrice', 'editor']], { ADMIN_LOGIN_RATE_LIMIT: '100' });

const replies = ['Merci, je note : jamais.', 'Ton avis est enregistré dans le dossier « plus tard ».', 'Passionnant. Vraiment.'];
/** How the public page shows a reply: between French quotation marks. */
const quoted = (text: string | undefined) => `« ${text} »`;
const reply = (page: Page, n: number) => page.getByLabel(`Réplique ${n}`, { exact: false }).and(page.locator('textarea'));

test('a generator written and published in the newsroom draws its replies on its public page', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, server.baseUrl, 'rose@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Générateurs' }).click();
  await expect(page).toHaveURL(/\/admin\/generateurs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Générateurs de répartie' })).toBeVisible();
  // The seeded generators are there, published.
  await expect(page.getByRole('row').filter({ hasText: 'Publié' }).first()).toBeVisible();
  await expectAxeClean(page, 'generator list');

  await page.getByRole('link', { name: 'Nouveau générateur' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau générateur de répartie' })).toBeVisible();
  await page.getByLabel('Titre (la situation)').fill('Répondre au collègue qui sait tout');
  await page.getByLabel('Introduction').fill('Il a un avis sur tout, surtout sur votre travail.');
  await page.getByLabel("Texte alternatif de l'image (obligatoire)").fill('Une machine à café de bureau');
  await reply(page, 1).fill(replies[0] ?? '');
  await page.getByRole('button', { name: 'Ajouter une réplique' }).click();
  await reply(page, 2).fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Ajouter une réplique' }).click();
  await reply(page, 3).fill(replies[2] ?? '');
  await expectAxeClean(page, 'generator editor, new');

  // Markup is refused in French; nothing is created.
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByRole('alert')).toContainText('La réplique 2 ne peut pas contenir de HTML');
  await reply(page, 2).fill(replies[1] ?? '');
  // The third moves up to second.
  await page.getByRole('button', { name: 'Monter la réplique 3' }).click();
  await expect(reply(page, 2)).toHaveValue(replies[2] ?? '');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/generateurs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Répondre au collègue qui sait tout' })).toBeVisible();
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();
  await expect(reply(page, 2)).toHaveValue(replies[2] ?? '');
  await expectAxeClean(page, 'generator editor, draft');

  // Not published yet: readers get a 404.
  const slug = 'repondre-au-collegue-qui-sait-tout';
  const draftPage = await page.request.get(`${server.baseUrl}/api/repartee-generator/${slug}`);
  expect(draftPage.status()).toBe(404);

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Générateur publié.');
  await expect(page.getByText(/Publié · version 2/)).toBeVisible();

  // A reader: the list shows it first, its page draws its replies.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`${server.baseUrl}/generateur-de-repartie`);
  await expect(reader.getByRole('article').first()).toContainText('Répondre au collègue qui sait tout');
  await reader.getByRole('link', { name: 'Répondre au collègue qui sait tout' }).click();
  await expect(reader).toHaveURL(new RegExp(`/generateur-de-repartie/${slug}$`));
  const draw = reader.getByRole('button', { name: 'Générer une réplique' });
  await waitForHydration(draw);
  const seen = new Set<string>();
  for (let i = 0; i < replies.length; i++) {
    await draw.click();
    await expect(reader).toHaveURL(/\?replique=\d+$/);
    seen.add((await reader.locator('.repartee-reply').textContent())?.trim() ?? '');
  }
  // Every reply once before any repeats.
  expect([...seen].sort()).toEqual(replies.map(quoted).sort());

  // New replies are numbered in their order at creation: the moved one is n° 2. Shared, then edited in the
  // newsroom: its address shows the new text.
  await reader.goto(`${server.baseUrl}/generateur-de-repartie/${slug}?replique=2`);
  await expect(reader.locator('.repartee-reply')).toHaveText(quoted(replies[2]));
  const edited = 'Passionnant. Vraiment. Enfin, presque.';
  const withId2 = page.locator('li').filter({ hasText: '(n° 2)' }).locator('textarea');
  await withId2.fill(edited);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Générateur enregistré.');
  await reader.goto(`${server.baseUrl}/generateur-de-repartie/${slug}?replique=2`);
  await expect(reader.locator('.repartee-reply')).toHaveText(quoted(edited));
});

test('a quotation written and published in the newsroom is the first the footer types', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, server.baseUrl, 'rose@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Citations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Citations du pied de page' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Coco Chanel/ })).toContainText('Publié');
  await expectAxeClean(page, 'quotation list');
  await page.getByRole('link', { name: 'Nouvelle citation' }).click();
  const text = 'Le courage, c’est de chercher la vérité et de la dire.';
  await page.getByLabel('Citation', { exact: true }).fill(text);
  await page.getByLabel('Auteur ou autrice').fill('Jean Jaurès');
  await page.getByLabel('Rang dans le pied de page').fill('0');
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText(/Brouillon · version 1/)).toBeVisible();
  await expectAxeClean(page, 'quotation editor');
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status')).toHaveText('Citation publiée.');

  const reader = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await reader.goto(`${server.baseUrl}/`);
  // The footer's typewriter (the home page's banner is a region named « Citation » too).
  const footer = reader.getByRole('region', { name: 'Citation' }).and(reader.getByTestId('typewriter'));
  // The quotation and its author on screen at the same moment, within one cycle of the typewriter (8 quotations, 3 s
  // each): on a loaded machine the first may already have moved on when the page is first read.
  await expect
    .poll(
      async () => {
        const [spoken, shown] = await footer.evaluate((region) => [region.querySelector('.sr-only')?.textContent, region.textContent]);
        return spoken === text && Boolean(shown?.includes('— Jean Jaurès'));
      },
      { timeout: 40_000 },
    )
    .toBe(true);
});

test('two tabs on one quotation: the second save is refused in French and loads the version saved first', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, server.baseUrl, 'rose@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Citations' }).click();
  await page
    .getByRole('row', { name: /Coco Chanel/ })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/citations\/\d+$/);
  const author = page.getByLabel('Auteur ou autrice');
  await expect(author).toHaveValue(/Coco Chanel/);
  // The same quotation in a second tab of the same session, loaded before the first saves.
  const other = await context.newPage();
  await other.goto(page.url());
  const otherAuthor = other.getByLabel('Auteur ou autrice');
  await expect(otherAuthor).toHaveValue(/Coco Chanel/);

  await author.fill('Gabrielle « Coco » Chanel');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Citation enregistrée.');

  await otherAuthor.fill('Mademoiselle Chanel');
  await other.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(other.getByRole('alert')).toContainText(
    /Rose Rédactrice a modifié .* \(version \d+\) : rechargez la page avant d'enregistrer, rien n'a été écrasé/,
  );
  await expect(otherAuthor).toHaveValue('Mademoiselle Chanel'); // nothing typed is thrown away by the refusal
  await other.getByRole('button', { name: 'Recharger la dernière version' }).click();
  await expect(other.getByRole('status')).toHaveText('Dernière version chargée.');
  await expect(otherAuthor).toHaveValue('Gabrielle « Coco » Chanel');
  // From the version it now holds, the second tab saves and publishes as usual.
  await otherAuthor.fill('Coco Chanel');
  await other.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(other.getByRole('status')).toHaveText('Citation enregistrée.');

  // The revisions panel every format shares: what each version changed, an older one restored, the list following.
  await other.getByRole('button', { name: 'Afficher les révisions' }).click();
  const madeGabrielle = other.getByRole('listitem').filter({ has: other.locator('ins', { hasText: 'Gabrielle « Coco » Chanel' }) });
  await expect(madeGabrielle).toHaveCount(1);
  const restoreButton = madeGabrielle.getByRole('button', { name: /^Restaurer la version \d+$/ });
  const restored = (await restoreButton.textContent())?.match(/\d+/)?.[0];
  await restoreButton.click();
  await expect(other.getByRole('status')).toHaveText(`Version ${restored} restaurée.`);
  await expect(otherAuthor).toHaveValue('Gabrielle « Coco » Chanel');
  await expect(madeGabrielle).toHaveCount(2);
});
