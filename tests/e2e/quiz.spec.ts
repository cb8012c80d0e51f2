/**
 * Quizzes that play (issue 9), in Chromium against the production build: the carousel, progress,
 * back and restart, resume after a reload, the result page for people and for crawlers, the optional
 * quiz slug, 404s, hostile slugs, audio, reduced motion, keyboard-only play and axe.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Quiz } from '../../src/api/types.ts';
import { computeQuizResult } from '../../src/features/quiz/quizResult.ts';
import { NOT_FOUND } from './support.ts';
import { seriousAxeViolations } from './support/axe.ts';

const TEXT_QUIZ = 'quel-cafe-etes-vous';
const PICTURE_QUIZ = 'quel-bouquet-vous-ressemble';
const AUDIO_QUIZ = 'quel-parfum-vous-ressemble';

async function quizOf(request: APIRequestContext, url: string): Promise<Quiz> {
  const response = await request.get(`/api/quizz/${url}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Quiz;
}

/** For each question, the answer that scores `resultUrl` (the first one when none does). */
function answersFor(quiz: Quiz, resultUrl: string) {
  return quiz.questions.map((question) => question.answers.find((a) => a.resultUrl === resultUrl) ?? question.answers[0]);
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Progression du quiz' });
const questionHeading = (page: Page) => page.locator('#quiz-question-title');
const startButton = (page: Page) => page.getByRole('button', { name: 'Commencer le quiz' });

async function expectQuestion(page: Page, quiz: Quiz, index: number) {
  const total = quiz.questions.length;
  await expect(questionHeading(page)).toHaveText(quiz.questions[index]?.text ?? '');
  await expect(page.locator('.quiz-progress-label')).toHaveText(`Question ${index + 1}/${total}`);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', String(index + 1));
  await expect(progress(page)).toHaveAttribute('aria-valuemin', '1');
  await expect(progress(page)).toHaveAttribute('aria-valuemax', String(total));
}

async function expectNoSeriousAxeViolation(page: Page, label: string) {
  expect(await seriousAxeViolations(page), label).toEqual([]);
}

test('the intro is server-rendered and works without JavaScript to read it', async ({ request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  const response = await request.get(`/quizz/${TEXT_QUIZ}`, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.replace(/<!-- -->/g, '')).toContain(`${quiz.questions.length} questions`);
  expect(html).toMatch(/<h1[^>]*>Quel café êtes-vous \?<\/h1>/);
  expect(html).toMatch(/<button[^>]*disabled[^>]*>Commencer le quiz<\/button>/);
  expect(html).toContain('activez JavaScript');
});

test('a text quiz of 4 answers plays to its result; progress goes 1/N … N/N; the result reuses the quiz', async ({ page, request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  const target = quiz.results[1];
  if (!target) throw new Error('the quiz needs two results');
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));

  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await startButton(page).click();
  const picks = answersFor(quiz, target.url);
  for (const [index, question] of quiz.questions.entries()) {
    await expectQuestion(page, quiz, index);
    await expect(page.locator('.quiz-answers')).toHaveAttribute('data-answers', String(question.answers.length));
    await expect(page.locator('.quiz-answer img')).toHaveCount(0);
    await page.getByRole('button', { name: picks[index]?.text ?? '', exact: true }).click();
  }
  const expected = computeQuizResult(
    quiz,
    picks.map((a) => a?.id ?? 0),
  );
  expect(expected).toEqual({ ok: true, result: target });
  await expect(page).toHaveURL(new RegExp(`/quizz/${TEXT_QUIZ}/${target.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
  await expect(page).toHaveTitle(`${target.title} (${quiz.title}) - Piquante`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${target.image.url}$`));
  // The quiz already in the browser gave the result: no call for it, none for the quiz again on replay.
  expect(asked.filter((path) => path.startsWith('/api/quizz/'))).toEqual([]);
  await page.getByRole('link', { name: 'Refaire le quiz' }).click();
  await expect(startButton(page)).toBeEnabled();
  expect(asked.filter((path) => path.startsWith('/api/quizz/'))).toEqual([]);
});

test('a picture quiz of 6 answers plays to its result, every picture with alt text', async ({ page, request }) => {
  const quiz = await quizOf(request, PICTURE_QUIZ);
  const target = quiz.results[2];
  if (!target) throw new Error('the quiz needs three results');
  await page.goto(`/quizz/${PICTURE_QUIZ}`);
  await startButton(page).click();
  const picks = answersFor(quiz, target.url);
  for (const [index] of quiz.questions.entries()) {
    await expectQuestion(page, quiz, index);
    const images = page.locator('.quiz-answer img');
    await expect(images).toHaveCount(6);
    for (const alt of await images.evaluateAll((list) => list.map((img) => img.getAttribute('alt') ?? ''))) {
      expect(alt.length).toBeGreaterThan(10);
    }
    await page.locator('.quiz-answer', { hasText: picks[index]?.text ?? '' }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/quizz/${PICTURE_QUIZ}/${target.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
});

test('back keeps the earlier answers; restart forgets them and shows the first question', async ({ page, request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  const [q1, q2] = quiz.questions;
  if (!q1 || !q2) throw new Error('two questions needed');
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await startButton(page).click();
  await expect(page.getByRole('button', { name: /Question précédente/ })).toHaveCount(0);
  await page.getByRole('button', { name: q1.answers[2]?.text ?? '', exact: true }).click();
  await page.getByRole('button', { name: q2.answers[1]?.text ?? '', exact: true }).click();
  await expectQuestion(page, quiz, 2);
  await page.getByRole('button', { name: /Question précédente/ }).click();
  await expectQuestion(page, quiz, 1);
  await expect(page.getByRole('button', { name: q2.answers[1]?.text ?? '', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /Question précédente/ }).click();
  await expectQuestion(page, quiz, 0);
  await expect(page.getByRole('button', { name: q1.answers[2]?.text ?? '', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: q1.answers[0]?.text ?? '', exact: true }).click();
  await page.getByRole('button', { name: 'Recommencer' }).click();
  await expectQuestion(page, quiz, 0);
  await expect(page.locator('.quiz-answer[aria-pressed="true"]')).toHaveCount(0);
});

test('a reload in the middle of a quiz resumes where the reader was; restart forgets it', async ({ page, request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await startButton(page).click();
  for (const index of [0, 1, 2]) {
    await page.getByRole('button', { name: quiz.questions[index]?.answers[3]?.text ?? '', exact: true }).click();
  }
  await expectQuestion(page, quiz, 3);
  await page.reload();
  await expectQuestion(page, quiz, 3);
  await page.getByRole('button', { name: /Question précédente/ }).click();
  await expect(page.getByRole('button', { name: quiz.questions[2]?.answers[3]?.text ?? '', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Recommencer' }).click();
  await expectQuestion(page, quiz, 0);
  await page.reload();
  await expect(startButton(page)).toBeEnabled();
  await expect(questionHeading(page)).toHaveCount(0);
});

test('result pages are real pages for crawlers: title, description, canonical, og:image, JSON-LD', async ({ request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  const result = quiz.results[0];
  if (!result) throw new Error('no result');
  const response = await request.get(`/quizz/${quiz.url}/${result.url}`, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta[^>]*${attribute}="${name}"[^>]*content="([^"]*)"`).exec(html)?.[1] ??
    new RegExp(`<meta[^>]*content="([^"]*)"[^>]*${attribute}="${name}"`).exec(html)?.[1];
  expect(html).toMatch(/<title>[^<]* - Piquante<\/title>/);
  expect(meta('name', 'description')).toBeTruthy();
  expect(meta('property', 'og:image')).toMatch(new RegExp(`${result.image.url}$`));
  expect(html).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="[^"]*/quizz/${quiz.url}/${result.url}"`));
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as { '@type': string; isPartOf?: { name: string } },
  );
  const page = ld.find((item) => item['@type'] === 'WebPage');
  expect(page?.isPartOf?.name).toBe(quiz.title);
  expect(ld.map((item) => item['@type'])).toContain('BreadcrumbList');
});

test('the result address without the quiz slug answers a 301 to the full address, which shows the result', async ({ page, request }) => {
  const quiz = await quizOf(request, PICTURE_QUIZ);
  const result = quiz.results[1];
  if (!result) throw new Error('no result');
  const response = await request.get(`/quizz/${result.url}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`/quizz/${quiz.url}/${result.url}`);
  await page.goto(`/quizz/${result.url}`);
  await expect(page).toHaveURL(new RegExp(`/quizz/${quiz.url}/${result.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(result.title);
});

test('unknown quizzes and results, and a result of another quiz, are 404s; hostile slugs never a 5xx', async ({ request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  const other = await quizOf(request, PICTURE_QUIZ);
  const notFound = [
    '/quizz/quiz-inconnu',
    `/quizz/${quiz.url}/resultat-inconnu`,
    `/quizz/${quiz.url}/${other.results[0]?.url}`,
    '/quizz/resultat-inconnu',
  ];
  const hostile = [
    '/quizz/Quiz',
    '/quizz/%00',
    `/quizz/${'a'.repeat(300)}`,
    `/quizz/${encodeURIComponent('<script>alert(1)</script>')}`,
    `/quizz/${encodeURIComponent("x' OR 1=1 --")}`,
    `/quizz/${encodeURIComponent('../../etc/passwd')}`,
    '/quizz/%F0%9F%92%A9',
    '/quizz/%E0%A4%A',
    `/quizz/${quiz.url}/%00`,
    `/quizz/${quiz.url}/${'b'.repeat(300)}`,
    `/quizz/${quiz.url}/RESULTAT`,
    `/quizz/${quiz.url}/${encodeURIComponent('../..')}`,
    `/quizz/${quiz.url}/a/b`,
  ];
  for (const path of notFound) {
    const response = await request.get(path, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect.soft(response.status(), path).toBe(404);
    expect.soft(await response.text(), path).toContain(NOT_FOUND);
  }
  for (const path of hostile) {
    const response = await request.get(path, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect.soft(response.status(), path).toBeGreaterThanOrEqual(400);
    expect.soft(response.status(), path).toBeLessThan(500);
  }
});

test('audio never autoplays, plays from its button and stops when the reader leaves the question', async ({ page, request }) => {
  const quiz = await quizOf(request, AUDIO_QUIZ);
  const withAudio = quiz.questions.findIndex((q) => q.audio !== null);
  expect(withAudio).toBeGreaterThan(0);
  await page.goto(`/quizz/${AUDIO_QUIZ}`);
  await startButton(page).click();
  for (let index = 0; index < withAudio; index++) {
    await page.getByRole('button', { name: quiz.questions[index]?.answers[0]?.text ?? '', exact: true }).click();
  }
  await expectQuestion(page, quiz, withAudio);
  const audio = await page.locator('.quiz-audio audio').elementHandle();
  if (!audio) throw new Error('no audio element');
  expect(await audio.evaluate((el: HTMLAudioElement) => ({ paused: el.paused, autoplay: el.autoplay, preload: el.preload }))).toEqual({
    paused: true,
    autoplay: false,
    preload: 'none',
  });
  await page.getByRole('button', { name: "Écouter l'extrait" }).click();
  await expect(page.getByRole('button', { name: 'Mettre en pause' })).toBeVisible();
  expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
  await page.getByRole('button', { name: quiz.questions[withAudio]?.answers[0]?.text ?? '', exact: true }).click();
  await expectQuestion(page, quiz, withAudio + 1);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
});

test('questions slide in, except for readers who ask for reduced motion', async ({ page }) => {
  const animationOf = () => page.locator('.quiz-step').evaluate((el) => getComputedStyle(el).animationName);
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await startButton(page).click();
  expect(await animationOf()).toBe('step-in');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await startButton(page).click();
  expect(await animationOf()).toBe('none');
});

test('keyboard-only play: Tab and Enter from the start button to the result, focus on each question', async ({ page, request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await expect(startButton(page)).toBeEnabled();
  for (let i = 0; i < 60 && !(await startButton(page).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(startButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  const picks: number[] = [];
  for (const [index, question] of quiz.questions.entries()) {
    await expectQuestion(page, quiz, index);
    await expect(questionHeading(page)).toBeFocused();
    // Next in tab order after the heading: the first answer, then the second.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: question.answers[1]?.text ?? '', exact: true })).toBeFocused();
    picks.push(question.answers[1]?.id ?? 0);
    await page.keyboard.press('Enter');
  }
  const outcome = computeQuizResult(quiz, picks);
  if (!outcome.ok) throw new Error(outcome.error);
  await expect(page).toHaveURL(new RegExp(`/quizz/${TEXT_QUIZ}/${outcome.result.url}$`));
});

test('axe finds no serious violation on the quiz intro, a question (text and pictures) and a result', async ({ page, request }) => {
  const quiz = await quizOf(request, TEXT_QUIZ);
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await expect(startButton(page)).toBeEnabled();
  await expectNoSeriousAxeViolation(page, 'intro');
  await startButton(page).click();
  await expectQuestion(page, quiz, 0);
  await page.getByRole('button', { name: quiz.questions[0]?.answers[0]?.text ?? '', exact: true }).click();
  await expectNoSeriousAxeViolation(page, 'text question with back link');
  await page.goto(`/quizz/${PICTURE_QUIZ}`);
  await startButton(page).click();
  await expect(page.locator('.quiz-answer img')).toHaveCount(6);
  await expectNoSeriousAxeViolation(page, 'picture question');
  await page.goto(`/quizz/${quiz.url}/${quiz.results[0]?.url}`);
  await expectNoSeriousAxeViolation(page, 'result');
});

test('the interactive quiz is its own chunk: fetched on quiz pages, never on an article', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const latest = (await (await request.get('/api/articleLast')).json()) as { results: { fullUrl: string }[] };
  await page.goto(latest.results[0]?.fullUrl ?? '/');
  await page.waitForLoadState('networkidle');
  const onArticle = [...scripts];
  scripts.length = 0;
  await page.goto(`/quizz/${TEXT_QUIZ}`);
  await startButton(page).click();
  await expect(questionHeading(page)).toBeVisible();
  const player = scripts.filter((path) => /QuizPlayer/.test(path));
  expect(player.length).toBe(1);
  expect(onArticle.filter((path) => /QuizPlayer|quizMachine/.test(path))).toEqual([]);
});

test('answer lists are laid out for 4 and 6 answers, on phones and from the 768 and 1025 px breakpoints', async ({ page }) => {
  /** How many answers share the first row. */
  const firstRow = () =>
    page.locator('.quiz-answer').evaluateAll((buttons) => {
      const tops = buttons.map((b) => Math.round(b.getBoundingClientRect().top));
      return tops.filter((top) => top === tops[0]).length;
    });
  const cases = [
    { quiz: TEXT_QUIZ, width: 375, perRow: 1 },
    { quiz: TEXT_QUIZ, width: 800, perRow: 2 },
    { quiz: PICTURE_QUIZ, width: 375, perRow: 2 },
    { quiz: PICTURE_QUIZ, width: 800, perRow: 3 },
    { quiz: PICTURE_QUIZ, width: 1280, perRow: 3 },
  ];
  for (const { quiz, width, perRow } of cases) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/quizz/${quiz}`);
    await startButton(page).click();
    await expect(questionHeading(page)).toBeFocused();
    expect(await firstRow(), `${quiz} at ${width}px`).toBe(perRow);
  }
});

test('with the Web Share API, the result is shared through the system share sheet', async ({ page, request }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = shared;
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
  });
  const quiz = await quizOf(request, TEXT_QUIZ);
  const result = quiz.results[2];
  await page.goto(`/quizz/${quiz.url}/${result?.url}`);
  await page.getByRole('button', { name: 'Partager', exact: true }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]?.url).toMatch(new RegExp(`/quizz/${quiz.url}/${result?.url}$`));
  expect(shared[0]?.text).toBe(result?.title);
  await expect(page.getByRole('main').getByRole('link', { name: 'Partager sur Facebook' })).toHaveCount(0);
});
