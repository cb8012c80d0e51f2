/**
 * Quizzes in the newsroom (issue 19), on a server of its own: an editor writes a picture quiz of 6
 * answers and 3 results from scratch in /admin (every image from the media library, uploaded once then
 * picked), sees it playable before saving, publishes it, and a reader plays it on the public page to its
 * result page. axe on the quiz list and the editor.
 */
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousAxeViolations } from './support/axe.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['ines@piquante.test', 'Inès Éditrice', 'editor']], { NODE_ENV: 'test' });

const RESULTS = [
  { title: 'Piment doux', description: 'Vous réchauffez sans brûler.' },
  { title: 'Piment fort', description: 'Vous ne laissez personne indifférent.' },
  { title: 'Piment volcanique', description: 'Une éruption de caractère.' },
];
const ANSWERS = ['Un thé fumé', 'Un café serré', 'Une tisane', 'Un chocolat chaud', 'Un jus de gingembre', 'Un mezcal'];

/** Writes the alt text of an image field, then picks the library's first image in the picker (the alt text stays). */
async function pickFromLibrary(field: Locator, alt: string) {
  await field.getByLabel('Texte alternatif (obligatoire)').fill(alt);
  await field.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
  const picker = field.page().getByRole('dialog', { name: /^Choisir dans la médiathèque/ });
  await picker.getByRole('list', { name: 'Images de la médiathèque' }).getByRole('button').first().click();
  await expect(picker).toHaveCount(0);
  await expect(field.getByText('Aucune image choisie.')).toHaveCount(0);
}

test('an editor writes a picture quiz of 6 answers and 3 results, publishes it, and a reader plays it to its result', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const base = server.baseUrl;
  await signIn(page, base, 'ines@piquante.test');

  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Quiz', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
  // The seed's quizzes are the newsroom's too.
  await expect(page.getByRole('link', { name: 'Quel café êtes-vous ?' })).toBeVisible();
  await expectAxeClean(page, 'quiz list');

  await page.getByRole('link', { name: 'Créer un quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau quiz' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill('Quel piment êtes-vous ?');
  await page.getByLabel('Introduction').fill('Six boissons, un seul piment : le vôtre.');

  // The cover is uploaded to the library; every other image is picked there.
  const cover = page.getByRole('group', { name: 'Image du quiz' });
  await cover.getByLabel('Texte alternatif (obligatoire)').fill('Des piments rouges en couverture');
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 190, g: 20, b: 40 } } })
    .png()
    .toBuffer();
  await cover.getByLabel(/^Téléverser une image/).setInputFiles({ name: 'piments.png', mimeType: 'image/png', buffer: png });
  await expect(cover.getByText('Aucune image choisie.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Ajouter un résultat' }).click();
  for (const [index, result] of RESULTS.entries()) {
    const group = page.getByRole('group', { name: `Résultat ${index + 1}`, exact: true });
    await group.getByLabel('Titre du résultat').fill(result.title);
    await group.getByLabel('Description du résultat').fill(result.description);
    await pickFromLibrary(page.getByRole('group', { name: `Image du résultat ${index + 1}` }), `Illustration : ${result.title}`);
  }

  const question = page.getByRole('group', { name: 'Question 1', exact: true });
  await question.getByLabel('Texte de la question').fill('Que buvez-vous au réveil ?');
  await question.getByLabel('Réponses en').selectOption('picture');
  await question.getByLabel('Nombre de réponses').selectOption('6');
  for (const [index, text] of ANSWERS.entries()) {
    const answer = page.getByRole('group', { name: `Question 1, réponse ${index + 1}`, exact: true });
    await answer.getByLabel('Texte de la réponse').fill(text);
    await answer.getByLabel('Compte pour le résultat').selectOption({ label: RESULTS[index % 3]?.title ?? '' });
    await pickFromLibrary(page.getByRole('group', { name: `Image de la réponse ${index + 1} (question 1)` }), `Illustration : ${text}`);
  }
  await expect(page.getByText('Ce quiz peut se jouer jusqu’à chacun de ses résultats.')).toBeVisible();
  await expectAxeClean(page, 'quiz editor');

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/quizz\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Quiz : Quel piment êtes-vous ?' })).toBeVisible();
  await expect(page.getByText(/État : Brouillon · version 1/)).toBeVisible();
  // The signed preview: the real quiz screen from the draft, played to its result on the spot.
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Créer un lien d’aperçu' }).click()]);
  await expect(preview).toHaveURL(/\/apercu-quizz\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
  await expect(preview.getByText('Aperçu — ce quiz n’est pas publié dans cet état.')).toBeVisible();
  await preview.getByRole('button', { name: 'Commencer le quiz' }).click();
  await preview.locator('.quiz-answer', { hasText: 'Un café serré' }).click();
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Piment fort');
  expect(await seriousAxeViolations(preview), 'quiz preview').toEqual([]);
  await preview.close();
  // Not published yet: readers get a 404.
  expect((await page.request.get(`${base}/api/quizz/quel-piment-etes-vous`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Quiz publié.' })).toBeVisible();
  await expect(page.getByText(/État : Publié · version 2/)).toBeVisible();

  // A reader plays it: six pictures with their alt text, one answer, the result page of its own address.
  const reader = await context.newPage();
  await reader.goto(`${base}/quizz/quel-piment-etes-vous`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Quel piment êtes-vous ?');
  await reader.getByRole('button', { name: 'Commencer le quiz' }).click();
  await expect(reader.locator('#quiz-question-title')).toHaveText('Que buvez-vous au réveil ?');
  await expect(reader.locator('.quiz-answer img')).toHaveCount(6);
  await reader.locator('.quiz-answer', { hasText: 'Un mezcal' }).click();
  await expect(reader).toHaveURL(/\/quizz\/quel-piment-etes-vous\/piment-volcanique$/);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Piment volcanique');
  await expect(reader.getByText('Une éruption de caractère.')).toBeVisible();
  expect(await seriousAxeViolations(reader), 'result page').toEqual([]);
});
