/** The popin editor's form ↔ the contract's input: targets, trigger, days, and only the type's parts sent. */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { AdminPopin } from '../../api/queries/newsroomPopins.ts';
import { articlePathOf, emptyForm, formOf, inputOf, partsShown, ruleLabel, ruleOf } from './popinFormModel.ts';

const nullParts = Object.fromEntries(Object.keys(contract.PopinParts.shape).map((k) => [k, null])) as AdminPopin['parts'];

const popin = (extra: Partial<AdminPopin>): AdminPopin => ({
  id: 3,
  status: 'draft',
  version: 2,
  name: 'Voyage',
  type: 'register_choice',
  matchPath: '/voyage',
  matchMode: 'prefix',
  priority: 10,
  startsAt: null,
  endsAt: '2030-01-01T10:00:00.000Z',
  cookie: { hash: 'abc', successDuration: 30 * 86_400 },
  trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 2 },
  parts: { ...nullParts, title: 'Partir', choice1_type: '1', choice2_type: '2' },
  scheduledAt: null,
  publishedAt: null,
  createdById: 1,
  updatedByName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('popin form model', () => {
  it('reads a rule as a category, an article, the whole site or a path', () => {
    expect(formOf(popin({}), ['voyage', 'food']).target).toBe('category');
    expect(formOf(popin({}), ['food']).target).toBe('path');
    expect(formOf(popin({ matchPath: '/voyage/un-article', matchMode: 'exact' }), ['voyage']).target).toBe('article');
    expect(formOf(popin({ matchPath: '/', matchMode: 'prefix' }), []).target).toBe('site');
    expect(formOf(popin({ matchPath: '/', matchMode: 'exact' }), []).target).toBe('path');
  });

  it('round-trips: the form of a popin gives back its input', () => {
    const form = formOf(popin({}), ['voyage']);
    const input = inputOf(form);
    expect(input).toMatchObject({
      name: 'Voyage',
      type: 'register_choice',
      matchPath: '/voyage',
      matchMode: 'prefix',
      priority: 10,
      successDuration: 30 * 86_400,
      trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 2 },
      endsAt: '2030-01-01T10:00:00.000Z',
      startsAt: null,
    });
    expect(input.parts.title).toBe('Partir');
    expect(contract.PopinDraftInput.safeParse(input).success).toBe(true);
  });

  it('sends only the parts of the chosen type (a survey has no links, a choice no buttons)', () => {
    const form = { ...emptyForm(), type: 'survey' as const, parts: { button1_text: 'A', button1_url: '/a', choice1_type: '1' } };
    const parts = inputOf(form).parts;
    expect(parts.button1_text).toBe('A');
    expect('button1_url' in parts).toBe(false);
    expect('choice1_type' in parts).toBe(false);
    expect(partsShown('button')).toContain('button4_url');
    expect(partsShown('register_light')).not.toContain('button1_text');
  });

  it('targets: a category is a prefix, an article an exact path (a pasted address keeps its path)', () => {
    const form = emptyForm();
    expect(ruleOf({ ...form, target: 'category', categorySlug: 'voyage' })).toEqual({ matchPath: '/voyage', matchMode: 'prefix' });
    expect(ruleOf({ ...form, target: 'article', articlePath: 'https://piquante.fr/voyage/lisbonne/' })).toEqual({
      matchPath: '/voyage/lisbonne',
      matchMode: 'exact',
    });
    expect(articlePathOf(' /mode/x ')).toBe('/mode/x');
    expect(ruleOf({ ...form, target: 'site' })).toEqual({ matchPath: '/', matchMode: 'prefix' });
    expect(ruleLabel('/mode', 'prefix')).toBe('/mode et dessous');
    expect(ruleLabel('/', 'prefix')).toBe('Tout le site');
  });
});
