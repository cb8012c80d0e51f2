/**
 * Demo articles: article `i` is a pure function of `i` (its own seeded PRNG), so any number of them can be
 * streamed without keeping them in memory, and the first N are the same whatever the total.
 */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import {
  CATEGORY_FRAGMENTS,
  type CategoryFragments,
  GENERIC_CLOSINGS,
  GENERIC_HEADINGS,
  GENERIC_SENTENCES,
} from '../data/articleCatalog.ts';
import type { DemoArticle, DemoContentBlock, Stamp, Topic } from '../types.ts';
import { createRng, itemAt, type Rng } from './random.ts';
import { fill, slugify } from './text.ts';

/** All demo dates are relative to this fixed instant. */
export const DEMO_REFERENCE_DATE = '2026-11-01T08:00:00.000Z';
export const DEMO_REFERENCE_MS = Date.parse(DEMO_REFERENCE_DATE);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Articles 0..4 are published within the 48 hours before the reference date. */
export const RECENT_ARTICLE_COUNT = 5;
/** The demo's older articles fall within two years. */
const DEFAULT_SPAN_DAYS = 730;

/** Best-of selection: rank r (1..16) goes to article index 7 + 23 × (r − 1) (all below 500). */
export const BESTOF_SIZE = 16;
export function bestofRankOf(index: number): number | null {
  if (index < 7 || (index - 7) % 23 !== 0) return null;
  const rank = (index - 7) / 23 + 1;
  return rank <= BESTOF_SIZE ? rank : null;
}

interface CompiledTopic {
  /** "la robe portefeuille", "Biarritz": for alt texts. */
  subject: string;
  titles: string[];
  subtitles: string[];
  openings: string[];
  /** Category sentences first, then the generic ones from `genericStart` on. */
  sentences: string[];
  genericStart: number;
  headings: string[];
  closings: string[];
}

interface CompiledCategory {
  fragments: CategoryFragments;
  topics: CompiledTopic[];
  /** Number of distinct (topic, title template) pairs. */
  comboCount: number;
  /** Multiplier coprime with comboCount, to spread consecutive articles over topics and templates. */
  step: number;
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function compileCategory(fragments: CategoryFragments): CompiledCategory {
  const all = (templates: readonly string[], topic: Topic): string[] => templates.map((template) => fill(template, topic));
  const topics = fragments.topics.map((topic) => ({
    subject: fill('{le}', topic),
    titles: all(fragments.titles, topic),
    subtitles: all(fragments.subtitles, topic),
    openings: all(fragments.openings, topic),
    sentences: all([...fragments.sentences, ...GENERIC_SENTENCES], topic),
    genericStart: fragments.sentences.length,
    headings: all([...fragments.headings, ...GENERIC_HEADINGS], topic),
    closings: all(GENERIC_CLOSINGS, topic),
  }));
  const comboCount = fragments.topics.length * fragments.titles.length;
  let step = Math.max(2, Math.floor(comboCount * 0.37));
  while (gcd(step, comboCount) !== 1) step += 1;
  return { fragments, topics, comboCount, step };
}

const COMPILED: readonly CompiledCategory[] = CATEGORY_FRAGMENTS.map(compileCategory);
export const ARTICLE_CATEGORY_COUNT = COMPILED.length;

/** Order of the categories inside block `block` of ARTICLE_CATEGORY_COUNT consecutive articles. */
function blockOrder(block: number): number[] {
  const order = COMPILED.map((_, index) => index);
  return createRng(Math.imul(block + 1, 0x2c1b3c6d) ^ 0x5bd1e995).shuffle(order);
}

const STAMP_BAG: readonly Stamp[] = ['crush', 'crush', 'crush', 'hotaf', 'hotaf', 'wtf', 'wtf', 'collab', 'collab'];

function pickStamp(rng: Rng, categorySlug: string): Stamp | null {
  if (rng.chance(0.4)) return null;
  if ((categorySlug === 'break' || categorySlug === 'culture') && rng.chance(0.35)) return 'gaming';
  return rng.pick(STAMP_BAG);
}

function paragraph(sentences: string[]): DemoContentBlock {
  return { type: 'paragraph', text: sentences.join(' ') };
}

function buildBody(rng: Rng, topic: CompiledTopic, quotes: readonly string[]): DemoContentBlock[] {
  const used = new Set<number>();
  const last = topic.sentences.length - 1;
  // Seven times out of ten a sentence of the category, otherwise a generic one; no repeat when avoidable.
  const draw = (): number => (rng.chance(0.7) ? rng.int(0, topic.genericStart - 1) : rng.int(topic.genericStart, last));
  const sentence = (): string => {
    let index = draw();
    for (let attempt = 0; attempt < 20 && used.has(index); attempt += 1) index = draw();
    used.add(index);
    return itemAt(topic.sentences, index);
  };
  const sentences = (count: number): string[] => Array.from({ length: count }, sentence);

  const blockCount = rng.int(4, 8);
  const middleCount = blockCount - 2;
  const middle: Array<'paragraph' | 'heading' | 'quote'> = Array.from({ length: middleCount }, () => 'paragraph');
  if (middleCount >= 2 && rng.chance(0.65)) middle[rng.int(0, middleCount - 2)] = 'heading';
  if (middleCount >= 2 && rng.chance(0.5)) {
    const slot = rng.int(0, middleCount - 1);
    if (middle[slot] === 'paragraph' && middle[slot - 1] !== 'heading') middle[slot] = 'quote';
  }

  const blocks: DemoContentBlock[] = [paragraph([rng.pick(topic.openings), ...sentences(rng.int(1, 3))])];
  for (const kind of middle) {
    if (kind === 'heading') blocks.push({ type: 'heading', text: rng.pick(topic.headings) });
    else if (kind === 'quote') blocks.push({ type: 'quote', text: rng.pick(quotes) });
    else blocks.push(paragraph(sentences(rng.int(2, 5))));
  }
  blocks.push(paragraph([...sentences(rng.int(1, 2)), rng.pick(topic.closings)]));
  return blocks;
}

function countWords(blocks: readonly DemoContentBlock[]): number {
  let words = 0;
  for (const block of blocks) words += block.text.split(' ').length;
  return words;
}

function isoMinute(ms: number): string {
  return new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
}

/** Builds article number `index` (0-based). Pure and deterministic. */
export function buildDemoArticle(
  index: number,
  order: readonly number[] = blockOrder(Math.floor(index / COMPILED.length)),
  spanDays = DEFAULT_SPAN_DAYS,
): DemoArticle {
  const category = itemAt(COMPILED, itemAt(order, index % COMPILED.length));
  const { fragments } = category;
  const k = Math.floor(index / COMPILED.length);
  const rng = createRng(Math.imul(index + 1, 0x9e3779b1) ^ 0x7f4a7c15);

  let title: string;
  let slug: string;
  let topic: CompiledTopic;
  const signature = fragments.signatures[k];
  if (signature !== undefined) {
    title = signature.title;
    slug = slugify(title, 100);
    topic = itemAt(category.topics, signature.topic);
  } else {
    const m = k - fragments.signatures.length;
    const combo = ((m % category.comboCount) * category.step) % category.comboCount;
    const topicIndex = combo % category.topics.length;
    const titleIndex = (Math.floor(combo / category.topics.length) + topicIndex) % fragments.titles.length;
    topic = itemAt(category.topics, topicIndex);
    const base = itemAt(topic.titles, titleIndex);
    slug = slugify(base, 100);
    if (m < category.comboCount) {
      title = base;
    } else {
      // Beyond the hand-made combinations, a number keeps titles and urls unique.
      title = `${base} (n° ${index + 1})`;
      slug = `${slug}-n-${index + 1}`;
    }
  }

  const bestofRank = bestofRankOf(index);
  const stamp = bestofRank !== null ? 'bestof' : pickStamp(rng, fragments.slug);
  const authors = fragments.authors;
  const authorSlug = rng.chance(0.6) ? itemAt(authors, 0) : rng.pick(authors);
  const subtitle = rng.pick(topic.subtitles);
  const body = buildBody(rng, topic, fragments.quotes);

  let publishedMs: number;
  if (index < RECENT_ARTICLE_COUNT) {
    publishedMs = DEMO_REFERENCE_MS - (2 + index * 9) * HOUR_MS - rng.int(0, 50) * 60_000;
  } else {
    const midnight = Math.floor(DEMO_REFERENCE_MS / DAY_MS) * DAY_MS;
    publishedMs = midnight - rng.int(3, spanDays) * DAY_MS + rng.int(6, 20) * HOUR_MS + rng.int(0, 59) * 60_000;
  }
  const updatedMs = rng.chance(0.55) ? publishedMs : Math.min(DEMO_REFERENCE_MS, publishedMs + rng.int(1, 240) * HOUR_MS);

  return {
    url: slug,
    categorySlug: fragments.slug,
    authorSlug,
    title,
    subtitle,
    body,
    stamp,
    mainImage: {
      url: svgImageUrl('article', slug),
      alt: `Illustration abstraite, ${describeSvgImage('article', slug)}, pour un article sur ${topic.subject}`,
      width: 1200,
      height: 800,
    },
    publishedAt: isoMinute(publishedMs),
    updatedAt: isoMinute(updatedMs),
    readingMinutes: Math.max(1, Math.ceil(countWords(body) / 200)),
    bestofRank,
  };
}

/** Streams articles 0..count−1. */
export function* generateDemoArticles(count: number, spanDays = DEFAULT_SPAN_DAYS): Generator<DemoArticle, void, undefined> {
  let cachedBlock = -1;
  let order: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const block = Math.floor(index / COMPILED.length);
    if (block !== cachedBlock) {
      cachedBlock = block;
      order = blockOrder(block);
    }
    yield buildDemoArticle(index, order, spanDays);
  }
}

/** Category list in menu order. */
export function demoCategories(): Array<{ slug: string; name: string; description: string; color: string; position: number }> {
  return CATEGORY_FRAGMENTS.map((fragments, index) => ({
    slug: fragments.slug,
    name: fragments.name,
    description: fragments.description,
    color: fragments.color,
    position: index + 1,
  }));
}
