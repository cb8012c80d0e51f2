/**
 * What a repartee generator may contain, checked before anything is written: plain texts (no HTML, no
 * `javascript:`), an image with its alt text, and 1 to 200 non-empty replies. A reply keeps the id it came
 * with (its shareable address); a new one gets the next id the generator has never given.
 */
import type { Image, Reply } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { plainTextProblem } from '../plainText.ts';

export const MAX_REPLIES = 200;
export const MAX_REPLY_LENGTH = 280;

export interface GeneratorInput {
  title: string;
  slug?: string;
  description: string;
  image: Image;
  replies: { id?: number; text: string }[];
}

export interface CheckedGenerator {
  title: string;
  description: string;
  image: Image;
  replies: Reply[];
  nextReplyId: number;
}

/** `nextReplyId`: the current generator's (1 for a new one); ids at or above it were never given. */
export function checkGeneratorInput(input: GeneratorInput, nextReplyId: number): NewsroomResult<CheckedGenerator> {
  const title = input.title.trim();
  if (title === '') return refused.bad('Le titre est obligatoire.', 'title');
  const description = input.description.trim();
  const alt = input.image.alt.trim();
  if (alt === '') return refused.bad("Le texte alternatif de l'image est obligatoire.", 'image.alt');
  for (const [field, name, text] of [
    ['title', 'Le titre', title],
    ['description', "L'introduction", description],
    ['image.alt', "Le texte alternatif de l'image", alt],
  ] as const) {
    const problem = plainTextProblem(text, name);
    if (problem) return refused.bad(problem, field);
  }
  if ((input.image.focalX === undefined) !== (input.image.focalY === undefined)) {
    return refused.bad("Le point focal de l'image a besoin de ses deux coordonnées.", 'image.focalX');
  }
  if (input.replies.length === 0) return refused.bad('Ajoutez au moins une réplique.', 'replies');
  if (input.replies.length > MAX_REPLIES) return refused.bad(`Un générateur a au plus ${MAX_REPLIES} répliques.`, 'replies');
  const seen = new Set<number>();
  const replies: Reply[] = [];
  let next = nextReplyId;
  for (const [index, reply] of input.replies.entries()) {
    const n = index + 1;
    const field = `replies.${index}.text`;
    const text = reply.text.trim().replace(/\s+/g, ' ');
    if (text === '') return refused.bad(`La réplique ${n} est vide : écrivez-la ou retirez-la.`, field);
    if (text.length > MAX_REPLY_LENGTH) {
      return refused.bad(`La réplique ${n} dépasse ${MAX_REPLY_LENGTH} caractères (${text.length}).`, field);
    }
    const problem = plainTextProblem(text, `La réplique ${n}`);
    if (problem) return refused.bad(problem, field);
    if (reply.id === undefined) {
      replies.push({ id: next++, text });
      continue;
    }
    if (reply.id >= nextReplyId)
      return refused.bad(`La réplique ${n} porte un identifiant que ce générateur n'a jamais donné.`, `replies.${index}.id`);
    if (seen.has(reply.id)) return refused.bad(`La réplique ${n} reprend l'identifiant d'une autre réplique.`, `replies.${index}.id`);
    seen.add(reply.id);
    replies.push({ id: reply.id, text });
  }
  const image: Image = { ...input.image, alt };
  return { ok: true, value: { title, description, image, replies, nextReplyId: next } };
}
