/**
 * Mosaics as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * address, title, description, cover, images with caption and credit — how they are checked, snapshotted and
 * restored; the rest follows from their declaration (src/formats/mosaicFormat.ts) and their table. One row of
 * `mosaics` is both the working copy and what readers read (content/mosaics.server.ts reads the published
 * rows), so publishing needs no second copy.
 */
import type { Image, MosaicDraftInput, MosaicImage } from '../../../api/types.ts';
import { mosaicRevisions, mosaics } from '../../../db/schema.ts';
import { mosaicDeclaration } from '../../../formats/mosaicFormat.ts';
import { refused } from '../newsroomResult.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedMosaic, checkMosaicInput, MOSAIC_LABELS } from './mosaicContent.ts';
import { mosaicRows, toAdminMosaic } from './mosaicQueries.ts';
import { withLibraryImages } from '../libraryImage.ts';

/** The cover by its address and alt text; the images one by one ("Image 2"). */
function imageChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.cover as Image | undefined;
  const b = after.cover as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: MOSAIC_LABELS.cover, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: 'Texte alternatif de la couverture', before: showValue(a?.alt), after: showValue(b?.alt) });
  const imagesBefore = (before?.images as MosaicImage[] | undefined) ?? [];
  const imagesAfter = (after.images as MosaicImage[] | undefined) ?? [];
  const show = (m: MosaicImage | undefined) => (m ? [m.image.url, m.image.alt, m.caption, m.credit].filter(Boolean).join(' · ') : '');
  for (let i = 0; i < Math.max(imagesBefore.length, imagesAfter.length); i++) {
    const x = show(imagesBefore[i]);
    const y = show(imagesAfter[i]);
    if (x !== y) changes.push({ field: `Image ${i + 1}`, before: x, after: y });
  }
  return changes;
}

function editedFields(checked: CheckedMosaic) {
  return { title: checked.title, description: checked.description, cover: checked.cover, images: checked.images };
}

export const mosaicFormat = tableFormat({
  declaration: mosaicDeclaration,
  rows: mosaicRows,
  revisions: mosaicRevisions,
  async check(db, _who, input: MosaicDraftInput, current) {
    const images = [
      { url: input.cover.url, label: "L'image de couverture", field: 'cover' },
      ...input.images.map((entry, i) => ({ url: entry.image.url, label: `L'image ${i + 1}`, field: `images.${i}.image` })),
    ];
    const kept = current ? [current.cover.url, ...current.images.map((entry) => entry.image.url)] : [];
    return withLibraryImages(db, checkMosaicInput(input), images, kept);
  },
  slug: {
    column: mosaics.url,
    of: (row) => row.url,
    given: (input) => input.slug,
    title: (_input, checked: CheckedMosaic) => checked.title,
  },
  created: (_db, _input, checked, url) => ({ url, ...editedFields(checked) }),
  saved: (_db, _row, _input, checked, url) => ({ url, ...editedFields(checked) }),

  async snapshot(_db, row) {
    return { title: row.title, slug: row.url, description: row.description, cover: row.cover, images: row.images };
  },
  snapshotFields: {
    names: { title: MOSAIC_LABELS.title, slug: MOSAIC_LABELS.slug, description: MOSAIC_LABELS.description },
    extra: imageChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || !Array.isArray(s.images) || typeof s.cover !== 'object' || s.cover === null) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        cover: s.cover as Image,
        images: s.images as MosaicImage[],
      },
    };
  },
  toAdmin: toAdminMosaic,
  // Pasted HTML or a script address is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => ['title', 'description', 'cover'].includes(field) || field.startsWith('images.'),
});
