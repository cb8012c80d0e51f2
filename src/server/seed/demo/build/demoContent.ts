/**
 * The demo content of Piquante: pure and deterministic (same options → same output), no I/O.
 * Articles are streamed by `articles()`, one at a time, so 100 000 of them need no big array.
 */
import { DEMO_AUTHORS } from '../data/articleCatalog.ts';
import type { DemoContent, DemoContentOptions } from '../types.ts';
import { DEMO_REFERENCE_DATE, demoCategories, generateDemoArticles } from './articles.ts';
import { buildDemoFormatContests } from './contests.ts';
import { buildDemoInstagramPosts } from './instagram.ts';
import { buildDemoMosaics } from './mosaics.ts';
import { buildDemoPopins } from './popins.ts';
import { buildDemoQuizzes } from './quizzes.ts';
import { buildDemoQuotations } from './quotations.ts';
import { buildDemoReparteeGenerators } from './repartee.ts';
import { buildDemoShoppingItems } from './shopping.ts';

export type {
  DemoArticle,
  DemoAudio,
  DemoAuthor,
  DemoCategory,
  DemoContent,
  DemoContentBlock,
  DemoContentOptions,
  DemoFormatContest,
  DemoImage,
  DemoInstagramPost,
  DemoMosaic,
  DemoMosaicImage,
  DemoPopin,
  DemoPopinParts,
  DemoQuiz,
  DemoQuizAnswer,
  DemoQuizQuestion,
  DemoQuizResult,
  DemoQuotation,
  DemoReparteeGenerator,
  DemoReply,
  DemoShoppingItem,
  PopinPartKey,
  PopinType,
  Stamp,
} from '../types.ts';
export { POPIN_PART_KEYS, POPIN_TYPES, STAMPS } from '../types.ts';
export { BESTOF_SIZE, bestofRankOf, buildDemoArticle, DEMO_REFERENCE_DATE, RECENT_ARTICLE_COUNT } from './articles.ts';

export function buildDemoContent(options: DemoContentOptions): DemoContent {
  const count = options.articles;
  if (!Number.isInteger(count) || count < 0) throw new RangeError('options.articles must be a whole number ≥ 0');
  return {
    referenceDate: DEMO_REFERENCE_DATE,
    articleCount: count,
    categories: demoCategories(),
    authors: DEMO_AUTHORS.map((author) => ({ ...author })),
    articles: () => generateDemoArticles(count, options.spanDays),
    quizzes: buildDemoQuizzes(),
    mosaics: buildDemoMosaics(),
    formatContests: buildDemoFormatContests(),
    reparteeGenerators: buildDemoReparteeGenerators(),
    shoppingItems: buildDemoShoppingItems(),
    instagramPosts: buildDemoInstagramPosts(),
    quotations: buildDemoQuotations(),
    popins: buildDemoPopins(),
  };
}
