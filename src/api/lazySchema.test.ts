import { describe, expect, it } from 'vitest';
import * as zod from 'zod';
import * as contract from './generated/zod.ts';
import { lazySchema } from './lazySchema.ts';

describe('lazySchema', () => {
  it('builds the value on first use only, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return zod.strictObject({ slug: zod.string().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ slug: 'a' })).toEqual({ slug: 'a' });
    expect(schema.safeParse({ slug: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands in for a zod schema everywhere zod looks: instanceof, shape, keys, embedding, methods', () => {
    const inner = lazySchema(() => zod.int().min(1).describe('Un entier.'));
    const outer = lazySchema(() => zod.strictObject({ n: inner, list: zod.array(inner).optional() }));
    expect(inner instanceof zod.ZodNumber).toBe(true);
    expect(outer instanceof zod.ZodObject).toBe(true);
    expect(Object.keys(outer.shape)).toEqual(['n', 'list']);
    expect(inner.description).toBe('Un entier.');
    expect(outer.parse({ n: 2, list: [1, 3] })).toEqual({ n: 2, list: [1, 3] });
    expect(outer.safeParse({ n: 0 }).error?.issues[0]?.path).toEqual(['n']);
    expect(outer.safeParse({ n: 1, extra: true }).success).toBe(false);
    expect(outer.extend({ more: zod.string() }).parse({ n: 1, more: 'x' })).toEqual({ n: 1, more: 'x' });
    expect(outer.pick({ n: true }).parse({ n: 5 })).toEqual({ n: 5 });
    expect(inner.optional().parse(undefined)).toBeUndefined();
    expect(zod.union([inner, zod.null()]).parse(null)).toBeNull();
    expect('_zod' in inner).toBe(true);
    expect(Object.getPrototypeOf(outer)).toBe(Object.getPrototypeOf(zod.strictObject({})));
    const descriptor = Object.getOwnPropertyDescriptor(outer, '_zod');
    expect(descriptor?.value).toBe(outer._zod);
    expect(zod.toJSONSchema(outer)).toMatchObject({ type: 'object', required: ['n'] });
  });

  it('the generated contract: each schema a stand-in, built when used, as it was', () => {
    expect(contract.Slug instanceof zod.ZodString).toBe(true);
    expect(contract.Slug.parse('la-mode')).toBe('la-mode');
    expect(contract.Slug.safeParse('La Mode').success).toBe(false);
    // An alias is the same stand-in, not a second one.
    expect(contract.ListLastArticlesResponse).toBe(contract.ArticleList);
    expect(contract.Image.parse({ url: '/media/a.jpg', alt: '', width: 2, height: 1 })).toEqual({
      url: '/media/a.jpg',
      alt: '',
      width: 2,
      height: 1,
    });
  });
});
