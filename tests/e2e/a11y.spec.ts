import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demo } from './support.ts';

const severe = new Set(['serious', 'critical']);

test('axe finds no serious or critical violation on home, category and article pages', async ({ page, request }) => {
  const d = await demo(request);
  for (const path of ['/', `/${d.category.slug}`, d.article.fullUrl]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const problems = results.violations
      .filter((v) => v.impact && severe.has(v.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(problems, path).toEqual([]);
  }
});

test('axe finds no serious or critical violation with the header panels open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu des rubriques' }).click();
  let results = await new AxeBuilder({ page }).include('header').analyze();
  expect(results.violations.filter((v) => v.impact && severe.has(v.impact)).map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Notifications' }).click();
  results = await new AxeBuilder({ page }).include('header').analyze();
  expect(results.violations.filter((v) => v.impact && severe.has(v.impact)).map((v) => v.id)).toEqual([]);
});

test('the skip link takes keyboard users to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});

test('axe finds no serious or critical violation on the other pages either', async ({ page, request }) => {
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
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const problems = results.violations
      .filter((v) => v.impact && severe.has(v.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect.soft(problems, path).toEqual([]);
  }
});
