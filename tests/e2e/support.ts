/** Shared helpers of the browser tests: demo data read through the public API. */
import { type APIRequestContext, expect, type Locator } from '@playwright/test';

export const NOT_FOUND = 'This page could not be found';
export const ERROR_TEXT =
  "Sorry, mais cette page n'existe pas ou une erreur s'est produite. Si le problème persiste, vous pouvez nous écrire ici.";

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

interface Card {
  url: string;
  title: string;
  fullUrl: string;
  categorySlug: string;
  categoryName: string;
}

/** `base`: another server than the shared one (a spec's own server). */
export async function demo(request: APIRequestContext, base = '') {
  const [categories, latest, contests, mosaics, quizzes, generators] = await Promise.all([
    json<{ results: { slug: string; name: string; description: string }[] }>(request, `${base}/api/categories`),
    json<{ results: Card[] }>(request, `${base}/api/articleLast`),
    json<{ results: { url: string; title: string }[] }>(request, `${base}/api/format-contests?limit=1`),
    json<{ results: { url: string; title: string }[] }>(request, `${base}/api/mosaics?limit=1`),
    json<{ results: { url: string; title: string }[] }>(request, `${base}/api/quizz?limit=1`),
    json<{ results: { url: string; title: string }[] }>(request, `${base}/api/repartee-generator`),
  ]);
  const quizUrl = quizzes.results[0]?.url ?? '';
  const quiz = await json<{ url: string; title: string; results: { url: string; title: string }[] }>(
    request,
    `${base}/api/quizz/${quizUrl}`,
  );
  const article = latest.results[0];
  // A category with more than one page of articles, for the 'more' button.
  const category = categories.results.find((c) => c.slug === 'mode') ?? categories.results[0];
  if (!article || !category) throw new Error('The demo content is missing');
  return {
    categories: categories.results,
    category,
    article,
    contest: contests.results[0],
    mosaic: mosaics.results[0],
    quiz,
    quizResult: quiz.results[0],
    generator: generators.results[0],
  };
}

/**
 * Waits until React has hydrated the element (it carries React's fiber): a click before that is the
 * browser's own navigation, not the router's, and a test of the router's behaviour would race it.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'the element is hydrated by React',
    })
    .toBe(true);
}
