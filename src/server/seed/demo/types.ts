/**
 * Shapes of the demo content. Leaf shapes (images, audio, blocks, stamps, popin parts) are the contract's
 * own; ids are absent (the database assigns them) and items refer to each other by slug/url.
 */
import * as contract from '../../../api/generated/zod.ts';
import type { Audio, ContentBlock, Image, PopinCookie, PopinParts, PopinTrigger } from '../../../api/types.ts';

/** Gender and number: masculine/feminine, singular/plural. */
export type Gender = 'm' | 'f' | 'mp' | 'fp';

/** What a demo article talks about, as the French templates of build/text.ts need it. */
export interface Topic {
  /** The noun phrase without article ("robe portefeuille"), or with it when `np` ("la Bretagne"). */
  t: string;
  g: Gender;
  /** Starts with a vowel sound: "l'", "de l'", "cet". */
  v?: boolean;
  /** `t` is a complete noun phrase (a place name): no article is added. */
  np?: boolean;
  /** Locative phrase for places: "à Biarritz", "en Bretagne". */
  at?: string;
}

export const STAMPS = contract.Stamp.options;
export type Stamp = (typeof STAMPS)[number];

export type DemoImage = Image;
export type DemoAudio = Audio;
export type DemoContentBlock = ContentBlock;

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
  /** Plain text, shown on the author's page (issue 36). */
  bio: string;
  /** A generated square illustration standing for a portrait (the demo has no photos of people). */
  photo: Image;
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

export const POPIN_TYPES = contract.Popin.shape.type.options;
export type PopinType = (typeof POPIN_TYPES)[number];

export type PopinPartKey = keyof PopinParts;
export const POPIN_PART_KEYS = Object.keys(contract.PopinParts.shape) as PopinPartKey[];
export type DemoPopinParts = PopinParts;

export interface DemoPopin {
  /** '/' (exact) or a path prefix such as '/mode'. */
  matchPath: string;
  matchMode: 'exact' | 'prefix';
  /** Higher wins when several popins match a path. */
  priority: number;
  type: PopinType;
  cookie: PopinCookie;
  popin: PopinTrigger;
  parts: DemoPopinParts;
}

export interface DemoContentOptions {
  /** Number of articles `articles()` yields. */
  articles: number;
  /** Days back over which the older articles are spread (default 730; the archive seed spreads 10 years). */
  spanDays?: number;
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
