/** The generator editor's form model: replies keep their ids through edits and moves; new ones have none. */
import { describe, expect, it } from 'vitest';
import type { AdminGenerator } from '../../api/queries/newsroomGenerators.ts';
import { editReply, emptyForm, emptyReply, formOf, inputOf, moveReply, removeReply } from './generatorFormModel.ts';

const generator: AdminGenerator = {
  id: 7,
  slug: 'au-bureau',
  status: 'published',
  version: 3,
  title: 'Au bureau',
  description: 'Pour les réunions.',
  image: { url: '/media/x.svg', alt: 'Un bureau', width: 10, height: 10 },
  replies: [
    { id: 4, text: 'Quatre' },
    { id: 9, text: 'Neuf' },
  ],
  scheduledAt: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  fullUrl: '/generateur-de-repartie/au-bureau',
  createdById: 1,
  updatedByName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('generator form model', () => {
  it('sends saved replies with their ids, in the new order, and new ones without', () => {
    const form = formOf(generator);
    const [four, nine] = form.replies;
    let replies = editReply(form.replies, nine?.key ?? '', 'Neuf, réécrite');
    replies = moveReply(replies, nine?.key ?? '', -1);
    const added = emptyReply();
    replies = [...replies, { ...added, text: 'Nouvelle' }];
    replies = removeReply(replies, four?.key ?? '');
    expect(inputOf({ ...form, replies }).replies).toEqual([{ id: 9, text: 'Neuf, réécrite' }, { text: 'Nouvelle' }]);
  });

  it('moves nothing past either end, and keys stay unique for new rows', () => {
    const form = formOf(generator);
    expect(moveReply(form.replies, form.replies[0]?.key ?? '', -1)).toBe(form.replies);
    expect(moveReply(form.replies, form.replies[1]?.key ?? '', 1)).toBe(form.replies);
    expect(emptyReply().key).not.toBe(emptyReply().key);
  });

  it('leaves the address to the server when it is empty', () => {
    const input = inputOf({ ...emptyForm(), title: 'Sans adresse' });
    expect(input).not.toHaveProperty('slug');
    expect(inputOf(formOf(generator)).slug).toBe('au-bureau');
  });
});
