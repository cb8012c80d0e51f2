/**
 * A mosaic's fields as the newsroom sends them, checked and normalised (pure: no database): plain text for
 * the title, description, captions and credits; the cover and every image from the media library with
 * their alt text (what `/mosaique/{url}` shows).
 */
import type { Image, MosaicDraftInput, MosaicImage } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from '../plainFields.ts';

export interface CheckedMosaic {
  title: string;
  description: string;
  cover: Image;
  images: MosaicImage[];
}

export const MOSAIC_LABELS = {
  title: 'Titre',
  slug: 'Adresse',
  description: 'Description',
  cover: 'Couverture',
  images: 'Images',
} as const;

export function checkMosaicInput(input: MosaicDraftInput): NewsroomResult<CheckedMosaic> {
  const title = input.title.trim();
  const description = input.description.trim();
  if (title === '') return refused.bad('Le titre de la mosaïque est obligatoire.', 'title');
  const titleProblem = plainFieldProblem(title, MOSAIC_LABELS.title);
  if (titleProblem) return refused.bad(titleProblem, 'title');
  const descriptionProblem = plainFieldProblem(description, MOSAIC_LABELS.description, true);
  if (descriptionProblem) return refused.bad(descriptionProblem, 'description');
  const coverProblem = libraryImageProblem(input.cover, "L'image de couverture");
  if (coverProblem) return refused.bad(coverProblem, 'cover');
  if (input.images.length === 0) return refused.bad('Une mosaïque a au moins une image.', 'images');
  const images: MosaicImage[] = [];
  for (const [index, entry] of input.images.entries()) {
    const n = index + 1;
    const imageProblem = libraryImageProblem(entry.image, `L'image ${n}`);
    if (imageProblem) return refused.bad(imageProblem, `images.${index}`);
    const caption = entry.caption.trim();
    const credit = entry.credit.trim();
    const problem = plainFieldProblem(caption, `Légende de l'image ${n}`) ?? plainFieldProblem(credit, `Crédit de l'image ${n}`);
    if (problem) return refused.bad(problem, `images.${index}`);
    images.push({ image: cleanImage(entry.image), caption, credit });
  }
  return { ok: true, value: { title, description, cover: cleanImage(input.cover), images } };
}
