import { expect, test } from '@playwright/test';
import { demo } from './support.ts';
import { seriousAxeViolations } from './support/axe.ts';

test('axe finds no serious or critical violation on home, category and article pages', async ({ page, request }) => {
  const d = await demo(request);
  for (const path of ['/', `/${d.category.slug}`, d.article.fullUrl]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page, { bestPractice: true }), path).toEqual([]);
  }
});

test('axe finds no serious or critical violation with the header panels open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu des rubriques' }).click();
  expect(await seriousAxeViolations(page, { include: 'header', bestPractice: true })).toEqual([]);
  await page.getByRole('button', { name: 'Notifications' }).click();
  expect(await seriousAxeViolations(page, { include: 'header', bestPractice: true })).toEqual([]);
});

test('the skip link takes keyboard users to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});

test('axe finds no serious or critical violation on the other pages either', async ({ page, request }) => {
  // Sixteen pages, each analysed in full: about 25 s on a quiet 2-core machine.
  test.setTimeout(240_000);
  const d = await demo(request);
  const paths = [
    '/mission',
    '/equipe',
    '/app',
    '/shopping',
    '/instagram',
    '/concours',
    `/concours/${d.contest?.url}`,
    '/mosaiques',
    `/mosaique/${d.mosaic?.url}`,
    '/quizzes',
    `/quizz/${d.quiz.url}`,
    `/quizz/${d.quiz.url}/${d.quizResult?.url}`,
    '/generateur-de-repartie',
    `/generateur-de-repartie/${d.generator?.url}`,
    '/page-introuvable',
    '/app-piquante/mission',
  ];
  for (const path of paths) {
    await page.goto(path);
    expect.soft(await seriousAxeViolations(page), path).toEqual([]);
  }
});
