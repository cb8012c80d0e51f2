/**
 * A quiz question's sound (issue 19), on a server of its own: an editor writes a small text quiz, uploads
 * an MP3 to the media library from the question's sound field, hears it in a player, removes it and picks it
 * again among the library's sounds by keyboard, publishes, and the reader's question plays that file.
 * axe on the editor with the player shown.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { mp3Bytes } from '../../src/testing/audioFixtures.ts';
import { expectAxeClean, newsroomServer, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const server = newsroomServer([['ines@piquante.test', 'Inès Éditrice', 'editor']], { NODE_ENV: 'test' });

const RESULTS = ['Piment doux', 'Piment fort'];
const ANSWERS = ['Un thé fumé', 'Un café serré', 'Une tisane', 'Un mezcal'];

test('an editor adds a library sound to a question, publishes, and the reader’s question plays it', async ({ page, context }) => {
  test.setTimeout(180_000);
  const base = server.baseUrl;
  await signIn(page, base, 'ines@piquante.test');
  await page.goto(`${base}/admin/quizz`);
  await page.getByRole('link', { name: 'Créer un quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau quiz' })).toBeVisible();
  await page.getByLabel('Titre', { exact: true }).fill('Quel son êtes-vous ?');
  await page.getByLabel('Introduction').fill('Une question, un son.');

  const cover = page.getByRole('group', { name: 'Image du quiz' });
  await cover.getByLabel('Texte alternatif (obligatoire)').fill('Un haut-parleur rouge');
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 190, g: 20, b: 40 } } })
    .png()
    .toBuffer();
  await cover.getByLabel(/^Téléverser une image/).setInputFiles({ name: 'son.png', mimeType: 'image/png', buffer: png });
  await expect(cover.getByText('Aucune image choisie.')).toHaveCount(0);
  for (const [index, title] of RESULTS.entries()) {
    const group = page.getByRole('group', { name: `Résultat ${index + 1}`, exact: true });
    await group.getByLabel('Titre du résultat').fill(title);
    await group.getByLabel('Description du résultat').fill(`Vous êtes ${title.toLowerCase()}.`);
    const image = page.getByRole('group', { name: `Image du résultat ${index + 1}` });
    await image.getByLabel('Texte alternatif (obligatoire)').fill(`Illustration : ${title}`);
    await image.getByRole('button', { name: 'Choisir dans la médiathèque' }).click();
    // Image pickers list images only: the sound uploaded below never shows there.
    const picker = page.getByRole('dialog', { name: /^Choisir dans la médiathèque/ });
    await picker.getByRole('list', { name: 'Images de la médiathèque' }).getByRole('button').first().click();
    await expect(picker).toHaveCount(0);
    await expect(image.getByText('Aucune image choisie.')).toHaveCount(0);
  }
  const question = page.getByRole('group', { name: 'Question 1', exact: true });
  await question.getByLabel('Texte de la question').fill('Que buvez-vous au réveil ?');
  for (const [index, text] of ANSWERS.entries()) {
    const answer = page.getByRole('group', { name: `Question 1, réponse ${index + 1}`, exact: true });
    await answer.getByLabel('Texte de la réponse').fill(text);
    await answer.getByLabel('Compte pour le résultat').selectOption({ label: RESULTS[index % 2] ?? '' });
  }

  // The sound: uploaded from the question, heard in a player.
  const sound = page.getByRole('group', { name: 'Question 1 : son (facultatif)' });
  await expect(sound.getByText('Aucun son.')).toBeVisible();
  await sound.getByRole('button', { name: 'Question 1 : ajouter un son' }).click();
  await sound.getByLabel('Description du son (obligatoire pour téléverser)').fill('Un gargouillis de cafetière');
  await sound
    .getByLabel(/^Téléverser un son/)
    .setInputFiles({ name: 'cafetiere.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(mp3Bytes(76)) });
  const player = sound.getByLabel('Question 1 : écouter le son');
  await expect(player).toHaveAttribute('src', /^\/media\/library\/[0-9a-f]{64}-audio\.mp3$/);
  const src = (await player.getAttribute('src')) ?? '';
  await expect(sound.getByText('2 s')).toBeVisible();
  const served = await page.request.get(`${base}${src}`, { headers: { range: 'bytes=0-99' } });
  expect(served.status()).toBe(206);
  expect(served.headers()['content-type']).toBe('audio/mpeg');

  // Removed, then picked again among the library's sounds, by keyboard.
  await sound.getByRole('button', { name: 'Question 1 : retirer le son' }).click();
  await expect(sound.getByText('Aucun son.')).toBeVisible();
  await sound.getByRole('button', { name: 'Question 1 : ajouter un son' }).focus();
  await page.keyboard.press('Enter');
  await sound.getByRole('button', { name: 'Choisir parmi les sons de la médiathèque' }).focus();
  await page.keyboard.press('Enter');
  const pick = sound.getByRole('button', { name: 'Choisir le son « Un gargouillis de cafetière »' });
  await pick.focus();
  await page.keyboard.press('Enter');
  await expect(player).toHaveAttribute('src', src);
  await expectAxeClean(page, 'quiz editor with a sound');

  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/quizz\/\d+$/);
  await expect(
    page.getByRole('group', { name: 'Question 1 : son (facultatif)' }).getByLabel('Question 1 : écouter le son'),
  ).toHaveAttribute('src', src);
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Quiz publié.' })).toBeVisible();

  const reader = await context.newPage();
  await reader.goto(`${base}/quizz/quel-son-etes-vous`);
  await reader.getByRole('button', { name: 'Commencer le quiz' }).click();
  await expect(reader.locator('#quiz-question-title')).toHaveText('Que buvez-vous au réveil ?');
  await expect(reader.locator(`.quiz-audio audio[src="${src}"]`)).toHaveCount(1);
  await expect(reader.getByRole('button', { name: "Écouter l'extrait" })).toBeVisible();
});
