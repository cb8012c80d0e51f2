import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_SIZES, isMediaKind, isValidMediaKey } from '../../../media/svgImage.ts';
import { audioDurationSeconds } from '../../../media/wavAudio.ts';
import {
  buildDemoArticle,
  buildDemoContent,
  DEMO_REFERENCE_DATE,
  type DemoArticle,
  type DemoContent,
  type DemoImage,
  POPIN_PART_KEYS,
  POPIN_TYPES,
  STAMPS,
} from './demoContent.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const REFERENCE_MS = Date.parse(DEMO_REFERENCE_DATE);
const HOUR_MS = 3_600_000;

const content = buildDemoContent({ articles: 500 });
const articles: DemoArticle[] = [...content.articles()];

function everyImage(demo: DemoContent, list: readonly DemoArticle[]): DemoImage[] {
  return [
    ...list.map((article) => article.mainImage),
    ...demo.quizzes.flatMap((quiz) => [
      quiz.image,
      ...quiz.results.map((result) => result.image),
      ...quiz.questions.flatMap((question) => question.answers.flatMap((answer) => (answer.image ? [answer.image] : []))),
    ]),
    ...demo.mosaics.flatMap((mosaic) => [mosaic.cover, ...mosaic.images.map((item) => item.image)]),
    ...demo.formatContests.map((contest) => contest.image),
    ...demo.reparteeGenerators.map((generator) => generator.image),
    ...demo.shoppingItems.map((item) => item.image),
    ...demo.instagramPosts.map((post) => post.image),
  ];
}

function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

describe('buildDemoContent', () => {
  it('is deterministic', () => {
    const again = buildDemoContent({ articles: 500 });
    const { articles: _a, ...restA } = content;
    const { articles: _b, ...restB } = again;
    expect(JSON.stringify(restB)).toBe(JSON.stringify(restA));
    expect(JSON.stringify([...again.articles()])).toBe(JSON.stringify(articles));
    // The generator can be consumed again, and article i does not depend on the total.
    expect(JSON.stringify([...content.articles()])).toBe(JSON.stringify(articles));
    expect(buildDemoContent({ articles: 20 }).articles().next().value).toEqual(articles[0]);
    expect(buildDemoArticle(321)).toEqual(articles[321]);
  });

  it('has the expected counts', () => {
    expect(content.referenceDate).toBe('2026-11-01T08:00:00.000Z');
    expect(content.articleCount).toBe(500);
    expect(articles).toHaveLength(500);
    expect(content.categories.length).toBeGreaterThanOrEqual(12);
    expect(content.authors.length).toBeGreaterThanOrEqual(8);
    expect(content.quizzes.length).toBeGreaterThanOrEqual(14);
    expect(content.mosaics.length).toBeGreaterThanOrEqual(14);
    expect(content.formatContests.length).toBeGreaterThanOrEqual(14);
    expect(content.reparteeGenerators.length).toBeGreaterThanOrEqual(14);
    expect(content.shoppingItems.length).toBeGreaterThanOrEqual(20);
    expect(content.instagramPosts.length).toBeGreaterThanOrEqual(40);
    expect(content.quotations).toHaveLength(8);
    expect(content.popins.map((popin) => popin.type).sort()).toEqual([...POPIN_TYPES].sort());
  });

  it('rejects a bad article count', () => {
    expect(() => buildDemoContent({ articles: -1 })).toThrow(RangeError);
    expect(() => buildDemoContent({ articles: 1.5 })).toThrow(RangeError);
    expect([...buildDemoContent({ articles: 0 }).articles()]).toEqual([]);
  });

  it('contains no placeholder text and no unfilled template', () => {
    const { articles: _ignored, ...rest } = content;
    const all = JSON.stringify([rest, articles]);
    expect(all.toLowerCase()).not.toContain('lorem');
    expect(all.toLowerCase()).not.toContain('ipsum');
    expect(all).not.toMatch(/\{[a-zA-Z]+(?::[^}]*)?\}/);
    expect(all).not.toContain('undefined');
  });
});

describe('categories and authors', () => {
  it('includes the required slugs, with unique positions and readable colours', () => {
    const slugs = content.categories.map((category) => category.slug);
    for (const required of ['societe', 'break', 'mode', 'spiritualite', 'business', 'beaute', 'culture', 'self-care']) {
      expect(slugs).toContain(required);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(content.categories.map((category) => category.position)).size).toBe(slugs.length);
    for (const category of content.categories) {
      expect(category.slug).toMatch(SLUG);
      expect(category.name.length).toBeGreaterThan(0);
      expect(category.description.length).toBeGreaterThan(30);
      expect(category.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
      const contrastWithWhite = 1.05 / (relativeLuminance(category.color) + 0.05);
      expect(contrastWithWhite, category.slug).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has authors with unique slugs, all used by articles', () => {
    const slugs = new Set(content.authors.map((author) => author.slug));
    expect(slugs.size).toBe(content.authors.length);
    for (const author of content.authors) expect(author.slug).toMatch(SLUG);
    for (const article of articles) expect(slugs.has(article.authorSlug)).toBe(true);
  });
});

describe('articles', () => {
  it('gives every category at least 20 of the first 500', () => {
    const perCategory = new Map<string, number>();
    for (const article of articles) perCategory.set(article.categorySlug, (perCategory.get(article.categorySlug) ?? 0) + 1);
    for (const category of content.categories) expect(perCategory.get(category.slug) ?? 0).toBeGreaterThanOrEqual(20);
    expect([...perCategory.keys()].every((slug) => content.categories.some((category) => category.slug === slug))).toBe(true);
  });

  it('has unique slug urls of at most 120 characters and unique titles', () => {
    const urls = articles.map((article) => article.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url).toMatch(SLUG);
      expect(url.length).toBeLessThanOrEqual(120);
    }
    const titles = articles.map((article) => article.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.some((title) => title.includes('n°'))).toBe(false);
  });

  it('has well-formed bodies, stamps, dates and images', () => {
    for (const article of articles) {
      expect(article.title.length).toBeGreaterThan(10);
      expect(article.subtitle.length).toBeGreaterThan(10);
      expect(article.body.length).toBeGreaterThanOrEqual(4);
      expect(article.body.length).toBeLessThanOrEqual(8);
      expect(article.body[0]?.type).toBe('paragraph');
      expect(article.body.at(-1)?.type).toBe('paragraph');
      for (const block of article.body) {
        expect(['paragraph', 'heading', 'quote']).toContain(block.type);
        expect(block.text.trim().length).toBeGreaterThan(0);
        expect(block.text).not.toMatch(/[<>]/);
      }
      expect(article.stamp === null || STAMPS.includes(article.stamp)).toBe(true);
      const published = Date.parse(article.publishedAt);
      const updated = Date.parse(article.updatedAt);
      expect(new Date(published).toISOString()).toBe(article.publishedAt);
      expect(published).toBeLessThanOrEqual(REFERENCE_MS);
      expect(published).toBeGreaterThan(REFERENCE_MS - 731 * 24 * HOUR_MS);
      expect(updated).toBeGreaterThanOrEqual(published);
      expect(updated).toBeLessThanOrEqual(REFERENCE_MS);
      expect(Number.isInteger(article.readingMinutes)).toBe(true);
      expect(article.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(article.mainImage).toMatchObject({ url: `/media/svg/article/${article.url}.svg`, width: 1200, height: 800 });
      expect(article.mainImage.alt.length).toBeGreaterThan(20);
    }
  });

  it('leaves about 40 % without stamp', () => {
    const withoutStamp = articles.filter((article) => article.stamp === null).length / articles.length;
    expect(withoutStamp).toBeGreaterThan(0.3);
    expect(withoutStamp).toBeLessThan(0.5);
    expect(new Set(articles.map((article) => article.stamp))).toEqual(new Set([null, ...STAMPS]));
  });

  it('has a best-of selection ranked 1..16', () => {
    const ranked = articles.filter((article) => article.bestofRank !== null);
    expect(ranked.map((article) => article.bestofRank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 16 }, (_, index) => index + 1),
    );
    for (const article of ranked) expect(article.stamp).toBe('bestof');
  });

  it('publishes about 5 articles within the last 48 hours', () => {
    const recent = articles.filter((article) => Date.parse(article.publishedAt) > REFERENCE_MS - 48 * HOUR_MS);
    expect(recent.length).toBeGreaterThanOrEqual(4);
    expect(recent.length).toBeLessThanOrEqual(8);
  });

  it('reads like a magazine: searchable French words are present', () => {
    const text = articles
      .map((article) => `${article.title} ${article.subtitle} ${article.body.map((block) => block.text).join(' ')}`)
      .join('\n');
    for (const word of ['robe', 'robes', 'maquillage', 'élégance', 'été', 'automne', 'crème', 'bien-être', "qu'on", "l'", "d'"]) {
      expect(text, word).toContain(word);
    }
    const titles = articles.map((article) => article.title);
    expect(titles).toContain('Robe portefeuille : comment la porter cet automne');
    expect(titles).toContain("Maquillage nude : 7 erreurs qu'on fait toutes");
    expect(titles).toContain("Élégance à la française : les bases d'une garde-robe");
  });

  // How fast is a benchmark's business (docs/performance.md: seeding 100 000 articles), not a test's.
  it('streams 100 000 articles with unique urls', () => {
    const urls = new Set<string>();
    let count = 0;
    let numbered = '';
    for (const article of buildDemoContent({ articles: 100_000 }).articles()) {
      urls.add(article.url);
      count += 1;
      if (count === 100_000) numbered = article.title;
    }
    expect(count).toBe(100_000);
    expect(urls.size).toBe(100_000);
    expect(numbered).toMatch(/\(n° 100000\)$/);
  }, 120_000);
});

describe('quizzes', () => {
  it('have 5–8 questions of 4 or 6 answers, 2–4 results and valid result urls', () => {
    const urls = content.quizzes.map((quiz) => quiz.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const quiz of content.quizzes) {
      expect(quiz.url).toMatch(SLUG);
      expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
      expect(quiz.questions.length).toBeLessThanOrEqual(8);
      expect(quiz.results.length).toBeGreaterThanOrEqual(2);
      expect(quiz.results.length).toBeLessThanOrEqual(4);
      expect(Date.parse(quiz.publishedAt)).toBeLessThanOrEqual(REFERENCE_MS);
      const resultUrls = new Set(quiz.results.map((result) => result.url));
      expect(resultUrls.size).toBe(quiz.results.length);
      for (const url of resultUrls) expect(url).toMatch(SLUG);
      const reached = new Set<string>();
      for (const question of quiz.questions) {
        expect([4, 6]).toContain(question.answers.length);
        expect(new Set(question.answers.map((answer) => answer.id)).size).toBe(question.answers.length);
        for (const answer of question.answers) {
          expect(resultUrls.has(answer.resultUrl)).toBe(true);
          reached.add(answer.resultUrl);
          expect(answer.image === null).toBe(question.answerKind === 'text');
        }
      }
      expect(reached).toEqual(resultUrls);
    }
  });

  it('include audio, picture answers and 6-answer questions', () => {
    const questions = content.quizzes.flatMap((quiz) => quiz.questions);
    const withAudio = questions.filter((question) => question.audio !== null);
    expect(withAudio.length).toBeGreaterThanOrEqual(3);
    for (const question of withAudio) {
      const match = /^\/media\/audio\/([a-z0-9-]+)\.wav$/.exec(question.audio?.url ?? '');
      expect(match).not.toBeNull();
      const key = match?.[1] ?? '';
      expect(isValidMediaKey(key)).toBe(true);
      expect(question.audio?.mimeType).toBe('audio/wav');
      expect(question.audio?.durationSeconds).toBe(audioDurationSeconds(key));
    }
    expect(
      content.quizzes.filter((quiz) => quiz.questions.some((question) => question.answerKind === 'picture')).length,
    ).toBeGreaterThanOrEqual(3);
    expect(questions.filter((question) => question.answers.length === 6).length).toBeGreaterThanOrEqual(5);
  });
});

describe('mosaics, contests, repartee, shopping, instagram, quotations', () => {
  it('mosaics have 6–12 captioned and credited images', () => {
    expect(new Set(content.mosaics.map((mosaic) => mosaic.url)).size).toBe(content.mosaics.length);
    for (const mosaic of content.mosaics) {
      expect(mosaic.url).toMatch(SLUG);
      expect(mosaic.images.length).toBeGreaterThanOrEqual(6);
      expect(mosaic.images.length).toBeLessThanOrEqual(12);
      for (const item of mosaic.images) {
        expect(item.caption.length).toBeGreaterThan(5);
        expect(item.credit.length).toBeGreaterThan(5);
      }
    }
  });

  it('contests have 3–5 rules and are past, open or upcoming', () => {
    const status = new Set<string>();
    for (const contest of content.formatContests) {
      expect(contest.url).toMatch(SLUG);
      expect(contest.rules.length).toBeGreaterThanOrEqual(3);
      expect(contest.rules.length).toBeLessThanOrEqual(5);
      expect(contest.prize.length).toBeGreaterThan(10);
      const starts = Date.parse(contest.startsAt);
      const ends = Date.parse(contest.endsAt);
      expect(starts).toBeLessThan(ends);
      expect(Date.parse(contest.publishedAt)).toBeLessThanOrEqual(REFERENCE_MS);
      status.add(REFERENCE_MS < starts ? 'upcoming' : REFERENCE_MS > ends ? 'closed' : 'open');
    }
    expect(status).toEqual(new Set(['upcoming', 'open', 'closed']));
  });

  it('repartee generators have 8–30 distinct replies', () => {
    expect(new Set(content.reparteeGenerators.map((generator) => generator.url)).size).toBe(content.reparteeGenerators.length);
    for (const generator of content.reparteeGenerators) {
      expect(generator.url).toMatch(SLUG);
      expect(generator.replies.length).toBeGreaterThanOrEqual(8);
      expect(generator.replies.length).toBeLessThanOrEqual(30);
      expect(new Set(generator.replies.map((reply) => reply.text)).size).toBe(generator.replies.length);
    }
  });

  it('shopping items have prices in cents and https links', () => {
    for (const item of content.shoppingItems) {
      expect(Number.isInteger(item.price.amount)).toBe(true);
      expect(item.price.amount).toBeGreaterThan(0);
      expect(item.price.currency).toBe('EUR');
      expect(item.link).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\/\S+$/);
      expect(item.merchant.length).toBeGreaterThan(1);
    }
    expect(content.shoppingItems.map((item) => item.position)).toEqual(content.shoppingItems.map((_, index) => index + 1));
  });

  it('instagram posts have unique 11-character shortcodes and permalinks', () => {
    const codes = content.instagramPosts.map((post) => post.shortcode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const post of content.instagramPosts) {
      expect(post.shortcode).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(post.permalink).toBe(`https://www.instagram.com/p/${post.shortcode}/`);
      expect(post.caption).toMatch(/#\w+/);
      expect(Number.isInteger(post.likes)).toBe(true);
      expect(Date.parse(post.postedAt)).toBeLessThanOrEqual(REFERENCE_MS);
    }
  });

  it('quotations are 8 short attributed texts in order', () => {
    expect(content.quotations.map((quotation) => quotation.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const quotation of content.quotations) {
      expect(quotation.text.length).toBeGreaterThan(10);
      expect(quotation.text.length).toBeLessThanOrEqual(140);
      expect(quotation.author.length).toBeGreaterThan(3);
    }
    expect(content.quotations.map((quotation) => quotation.author)).toContain('Coco Chanel');
  });
});

describe('popins', () => {
  it('have every part key, stable cookies and the expected parts per type', () => {
    const byType = new Map(content.popins.map((popin) => [popin.type, popin]));
    for (const popin of content.popins) {
      expect(Object.keys(popin.parts).sort()).toEqual([...POPIN_PART_KEYS].sort());
      for (const value of Object.values(popin.parts)) expect(value === null || typeof value === 'string').toBe(true);
      expect(popin.cookie.hash).toMatch(/^[a-z0-9]{3,16}$/);
      expect(popin.cookie.successDuration).toBeGreaterThan(0);
      expect(Number.isInteger(popin.popin.timeDelay)).toBe(true);
      expect(popin.matchMode === 'exact' ? popin.matchPath === '/' : popin.matchPath.startsWith('/')).toBe(true);
    }
    expect(new Set(content.popins.map((popin) => popin.cookie.hash)).size).toBe(content.popins.length);
    for (const type of ['register_complete', 'register_light', 'register_choice'] as const) {
      const parts = byType.get(type)?.parts;
      expect(`${parts?.title} ${parts?.subtitle} ${parts?.description}`).toContain('SELF CARE CLUB');
      expect(parts?.submit).toBeTruthy();
    }
    const survey = byType.get('survey')?.parts;
    expect([survey?.button1_text, survey?.button2_text, survey?.button3_text, survey?.button4_text].every(Boolean)).toBe(true);
    expect([survey?.button1_url, survey?.button2_url, survey?.button3_url, survey?.button4_url]).toEqual([null, null, null, null]);
    expect(survey?.thanks).toBeTruthy();
    const button = byType.get('button')?.parts;
    const buttons = ([1, 2, 3, 4] as const).filter((n) => button?.[`button${n}_text`]);
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    for (const n of buttons) expect(button?.[`button${n}_url`]).toMatch(/^\//);
    const choice = byType.get('register_choice')?.parts;
    expect([choice?.choice1_type, choice?.choice2_type]).toEqual(['1', '2']);
    expect(choice?.choice1_description && choice.choice2_description && choice.choice1_image && choice.choice2_image).toBeTruthy();
    expect(content.popins.some((popin) => popin.matchPath === '/' && popin.matchMode === 'exact')).toBe(true);
  });
});

describe('images', () => {
  it('point to generated SVGs of a known kind and a valid key, at the default size of the kind', () => {
    const images = everyImage(content, articles);
    const popinImages = content.popins.flatMap((popin) =>
      [popin.parts.background, popin.parts.background_mobile, popin.parts.choice1_image, popin.parts.choice2_image].filter(
        (url): url is string => url !== null,
      ),
    );
    for (const url of [...images.map((image) => image.url), ...popinImages]) {
      const match = /^\/media\/svg\/([a-z]+)\/([^/]+)\.svg$/.exec(url);
      expect(match, url).not.toBeNull();
      const kind = match?.[1] ?? '';
      expect(isMediaKind(kind), url).toBe(true);
      expect(isValidMediaKey(match?.[2] ?? ''), url).toBe(true);
    }
    for (const image of images) {
      const kind = image.url.split('/')[3] ?? '';
      expect(isMediaKind(kind)).toBe(true);
      if (isMediaKind(kind)) expect({ width: image.width, height: image.height }).toEqual(DEFAULT_MEDIA_SIZES[kind]);
      expect(image.alt.length).toBeGreaterThan(10);
    }
  });
});
