/**
 * Repartee generators as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own
 * fields only — title, address, introduction, image, replies — how they are checked, snapshotted and
 * restored (the rest follows from their declaration and their table). One row of `repartee_generators` is both the working copy and what readers read: they see
 * it while its status is 'published' (content/reparteeGenerators.server.ts).
 */
import type { Image, Reply } from '../../../api/types.ts';
import { reparteeGeneratorRevisions, reparteeGenerators } from '../../../db/schema.ts';
import { generatorDeclaration } from '../../../formats/generatorFormat.ts';
import { refused } from '../newsroomResult.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedGenerator, checkGeneratorInput, type GeneratorInput } from './generatorContent.ts';
import { firstGeneratorPosition, generatorRows, toAdminGenerator } from './generatorQueries.ts';
import { withItsImage } from '../libraryImage.ts';

/** The columns a save writes from the checked input, the same for a new generator and an update. */
function editedFields(checked: CheckedGenerator) {
  return {
    title: checked.title,
    description: checked.description,
    image: checked.image,
    replies: checked.replies,
    nextReplyId: checked.nextReplyId,
  };
}

/** Reply by reply, by id: an edited reply is one change, not a shift of every reply after it. */
function imageAndReplyChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const altBefore = showValue((before?.image as Image | undefined)?.alt);
  const altAfter = showValue((after.image as Image | undefined)?.alt);
  if (altBefore !== altAfter) changes.push({ field: "Texte alternatif de l'image", before: altBefore, after: altAfter });
  const urlBefore = showValue((before?.image as Image | undefined)?.url);
  const urlAfter = showValue((after.image as Image | undefined)?.url);
  if (urlBefore !== urlAfter) changes.push({ field: 'Image', before: urlBefore, after: urlAfter });
  const old = new Map(((before?.replies as Reply[] | undefined) ?? []).map((r) => [r.id, r.text]));
  const now = (after.replies as Reply[] | undefined) ?? [];
  for (const reply of now) {
    const was = old.get(reply.id);
    if (was !== reply.text) changes.push({ field: `Réplique n° ${reply.id}`, before: was ?? '', after: reply.text });
    old.delete(reply.id);
  }
  for (const [id, text] of old) changes.push({ field: `Réplique n° ${id}`, before: text, after: '' });
  const order = (replies: Reply[]) => replies.map((r) => r.id).join(', ');
  const orderBefore = order((before?.replies as Reply[] | undefined) ?? []);
  const orderAfter = order(now);
  if (before && orderBefore !== orderAfter && changes.length === 0) {
    changes.push({ field: 'Ordre des répliques', before: orderBefore, after: orderAfter });
  }
  return changes;
}

export const generatorFormat = tableFormat({
  declaration: generatorDeclaration,
  rows: generatorRows,
  revisions: reparteeGeneratorRevisions,
  async check(db, _who, input: GeneratorInput, current) {
    return withItsImage(db, checkGeneratorInput(input, current?.nextReplyId ?? 1), input, current);
  },
  slug: { column: reparteeGenerators.url, of: (row) => row.url, given: (input) => input.slug, title: (input) => input.title },
  // Readers list generators by position: the newest first.
  created: async (db, _input, checked: CheckedGenerator, url) => ({
    url,
    ...editedFields(checked),
    position: await firstGeneratorPosition(db),
  }),
  saved: (_db, _row, _input, checked, url) => ({ url, ...editedFields(checked) }),

  async snapshot(_db, row) {
    return { title: row.title, slug: row.url, description: row.description, image: row.image, replies: row.replies };
  },
  snapshotFields: {
    names: { title: 'Titre', slug: 'Adresse', description: 'Introduction' },
    extra: imageAndReplyChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || !Array.isArray(s.replies) || typeof s.image !== 'object' || s.image === null) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        image: s.image as Image,
        // With their ids: a restored reply answers at its old address again.
        replies: (s.replies as Reply[]).map((r) => ({ id: r.id, text: r.text })),
      },
    };
  },
  toAdmin: toAdminGenerator,
});
