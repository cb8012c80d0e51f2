import { describe, expect, it } from 'vitest';
import { withPreviewed } from './previewInList.ts';

describe('withPreviewed', () => {
  const published = [
    { id: 1, title: 'un' },
    { id: 2, title: 'deux' },
    { id: 3, title: 'trois' },
  ];

  it('replaces the published copy of the same item, in its place', () => {
    expect(withPreviewed(published, { id: 2, title: 'deux, retouché' })).toEqual([
      { id: 1, title: 'un' },
      { id: 2, title: 'deux, retouché' },
      { id: 3, title: 'trois' },
    ]);
  });

  it('puts an item never published first', () => {
    expect(withPreviewed(published, { id: 9, title: 'neuf' }).map((item) => item.id)).toEqual([9, 1, 2, 3]);
  });

  it('shows the item alone when nothing is published', () => {
    expect(withPreviewed([], { id: 9, title: 'neuf' })).toEqual([{ id: 9, title: 'neuf' }]);
  });

  it('leaves the published list untouched', () => {
    withPreviewed(published, { id: 1, title: 'autre' });
    expect(published[0]?.title).toBe('un');
  });
});
