/**
 * Shapes of the demo content (field names of docs/data-model.md). Ids are absent: the database assigns them;
 * items refer to each other by slug/url.
 */

export const STAMPS = ['bestof', 'crush', 'wtf', 'collab', 'gaming', 'hotaf'] as const;
export type Stamp = (typeof STAMPS)[number];

export interface DemoImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface DemoAudio {
  url: string;
  mimeType: 'audio/wav';
  durationSeconds: number;
}

export interface DemoContentBlock {
  type: 'paragraph' | 'heading' | 'quote';
  text: string;
}

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  color: string;
  position: number;
}

export interface DemoAuthor {
  slug: string;
  name: string;
  role: string;
}

export interface DemoArticle {
  url: string;
  categorySlug: string;
  authorSlug: string;
  title: string;
  subtitle: string;
  body: DemoContentBlock[];
  stamp: Stamp | null;
  mainImage: DemoImage;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  /** 1..16 for the best-of selection (editorial order), null otherwise. */
  bestofRank: number | null;
}

export interface DemoQuizAnswer {
  id: string;
  text: string;
  image: DemoImage | null;
  resultUrl: string;
}

export interface DemoQuizQuestion {
  id: string;
  text: string;
  answerKind: 'text' | 'picture';
  audio: DemoAudio | null;
  answers: DemoQuizAnswer[];
}

export interface DemoQuizResult {
  url: string;
  title: string;
  description: string;
  image: DemoImage;
}

export interface DemoQuiz {
  url: string;
  title: string;
  description: string;
  image: DemoImage;
  publishedAt: string;
  questions: DemoQuizQuestion[];
  results: DemoQuizResult[];
}

export interface DemoMosaicImage {
  image: DemoImage;
  caption: string;
  credit: string;
}

export interface DemoMosaic {
  url: string;
  title: string;
  description: string;
  cover: DemoImage;
  publishedAt: string;
  images: DemoMosaicImage[];
}

export interface DemoFormatContest {
  url: string;
  title: string;
  description: string;
  image: DemoImage;
  prize: string;
  rules: string[];
  startsAt: string;
  endsAt: string;
  publishedAt: string;
}

export interface DemoReply {
  text: string;
}

export interface DemoReparteeGenerator {
  url: string;
  title: string;
  description: string;
  image: DemoImage;
  replies: DemoReply[];
}

export interface DemoShoppingItem {
  title: string;
  description: string;
  image: DemoImage;
  price: { amount: number; currency: 'EUR' };
  merchant: string;
  link: string;
  position: number;
}

export interface DemoInstagramPost {
  shortcode: string;
  caption: string;
  image: DemoImage;
  permalink: string;
  postedAt: string;
  likes: number;
}

export interface DemoQuotation {
  text: string;
  author: string;
  position: number;
}

export const POPIN_TYPES = ['register_complete', 'register_light', 'register_choice', 'button', 'survey'] as const;
export type PopinType = (typeof POPIN_TYPES)[number];

export const POPIN_PART_KEYS = [
  'background',
  'background_mobile',
  'title',
  'subtitle',
  'description',
  'submit',
  'button1_text',
  'button2_text',
  'button3_text',
  'button4_text',
  'button1_url',
  'button2_url',
  'button3_url',
  'button4_url',
  'thanks',
  'choice1_type',
  'choice1_description',
  'choice1_image',
  'choice2_type',
  'choice2_description',
  'choice2_image',
] as const;
export type PopinPartKey = (typeof POPIN_PART_KEYS)[number];
export type DemoPopinParts = Record<PopinPartKey, string | null>;

export interface DemoPopin {
  /** '/' (exact) or a path prefix such as '/mode'. */
  matchPath: string;
  matchMode: 'exact' | 'prefix';
  /** Higher wins when several popins match a path. */
  priority: number;
  type: PopinType;
  cookie: { hash: string; successDuration: number };
  popin: { isClose: boolean; isOpen: boolean; isOpenDelay: boolean; timeDelay: number };
  parts: DemoPopinParts;
}

export interface DemoContentOptions {
  /** Number of articles `articles()` yields. */
  articles: number;
}

export interface DemoContent {
  /** The fixed reference date all demo dates are relative to (ISO string). */
  referenceDate: string;
  articleCount: number;
  categories: DemoCategory[];
  authors: DemoAuthor[];
  /** Yields `articleCount` articles one at a time (nothing is kept in memory). */
  articles: () => Generator<DemoArticle, void, undefined>;
  quizzes: DemoQuiz[];
  mosaics: DemoMosaic[];
  formatContests: DemoFormatContest[];
  reparteeGenerators: DemoReparteeGenerator[];
  shoppingItems: DemoShoppingItem[];
  instagramPosts: DemoInstagramPost[];
  quotations: DemoQuotation[];
  popins: DemoPopin[];
}
