/**
 * The newsroom's quiz list as FormatListPage with its filters in the address (issue 33): a title search
 * typed in the form becomes ?q=…, the route's loader reads it, and the back button returns to the whole list.
 */
import { expect, test } from '@playwright/test';
import { newsroomServer, signIn } from './support/newsroom.ts';

const server = newsroomServer([['ines@piquante.test', 'Inès Éditrice', 'editor']], { NODE_ENV: 'test' });

test('the quiz list filters by title through its address, and the back button returns to every quiz', async ({ page }) => {
  await signIn(page, server.baseUrl, 'ines@piquante.test');
  await page.goto(`${server.baseUrl}/admin/quizz`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz', exact: true })).toBeVisible();
  const seeded = page.getByRole('rowheader', { name: 'Quel café êtes-vous ?' });
  await expect(seeded).toBeVisible();
  const everyRow = await page.getByRole('row').count();
  expect(everyRow).toBeGreaterThan(2);

  await page.getByLabel('Rechercher dans les titres').fill('café');
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/[?&]q=caf/);
  await expect(seeded).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(everyRow);
  await expect(page.getByText(/^\d+ quiz — 1 à \d+$/)).toBeVisible();

  // An address nobody typed in the form still works: a search that finds nothing says so.
  await page.goto(`${server.baseUrl}/admin/quizz?q=introuvable-zzz`);
  await expect(page.getByText('Aucun quiz pour l’instant.')).toBeVisible();
  await expect(page.getByLabel('Rechercher dans les titres')).toHaveValue('introuvable-zzz');

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('row')).toHaveCount(everyRow);
});
