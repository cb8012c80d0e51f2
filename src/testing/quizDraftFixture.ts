/** For newsroom quiz tests: a library image uploaded through the API, and valid quiz bodies built on it. */
import sharp from 'sharp';
import { expect } from 'vitest';
import * as contract from '../api/generated/zod.ts';
import type { QuizDraftInput } from '../api/types.ts';
import type { NewsroomApi, Signed } from './newsroomApi.ts';

export interface LibraryImage {
  url: string;
  width: number;
  height: number;
}

/** Uploads a small PNG to the media library (MEDIA_DIR must be set for the API) and answers its WebP. */
export async function uploadLibraryImage(api: NewsroomApi, as: Signed, red = 200): Promise<LibraryImage> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: red, g: 16, b: 46 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), 'quiz.png');
  form.set('alt', 'Une image de quiz');
  const encoded = new Response(form);
  const response = await api.request('POST', '/api/admin/media', {
    as,
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  expect([200, 201]).toContain(response.status);
  const item = contract.MediaItem.parse(await response.json());
  return { url: item.url, width: item.width, height: item.height };
}

/**
 * A playable picture quiz: `questions` questions of `answers` answers (4 or 6) spread over 3 results, so
 * every result can win.
 */
export function quizDraftBody(
  title: string,
  image: LibraryImage,
  options: { questions?: number; answers?: number; kind?: 'text' | 'picture' } = {},
): QuizDraftInput {
  const results = ['solaire', 'lunaire', 'orageuse'];
  const kind = options.kind ?? 'picture';
  const picture = (alt: string) => ({ ...image, alt });
  return {
    title,
    intro: 'Trois questions pour savoir qui vous êtes.',
    image: picture('Un piment en couverture'),
    questions: Array.from({ length: options.questions ?? 3 }, (_, q) => ({
      text: `Question numéro ${q + 1} ?`,
      answerKind: kind,
      answers: Array.from({ length: options.answers ?? 6 }, (_, a) => ({
        text: `Réponse ${a + 1}`,
        image: kind === 'picture' ? picture(`Illustration de la réponse ${a + 1}`) : null,
        resultSlug: results[a % results.length] as string,
      })),
    })),
    results: results.map((slug) => ({
      slug,
      title: `Vous êtes ${slug}`,
      description: `Le portrait ${slug}.`,
      image: picture(`Illustration ${slug}`),
    })),
  };
}
