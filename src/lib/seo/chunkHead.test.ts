import { describe, expect, it } from 'vitest';
import { chunkHead, withChunkHead } from './chunkHead.ts';

const Component = () => null;

describe('chunkHead', () => {
  const context = { loaderData: { title: 'Un quiz' }, matches: [], match: { search: {} } };

  it('gives no head while the route’s chunk has not run', () => {
    expect(chunkHead('/jamais-charge')(context)).toEqual({});
  });

  it('gives the head the component’s chunk registered, from the route’s own data', () => {
    const head = chunkHead('/quizz/$url/');
    expect(
      withChunkHead(
        '/quizz/$url/',
        ({ loaderData }: { loaderData?: { title: string } }) => ({ meta: [{ title: loaderData?.title ?? '' }] }),
        Component,
      ),
    ).toBe(Component);
    expect(head(context)).toEqual({ meta: [{ title: 'Un quiz' }] });
    expect(chunkHead('/autre')(context)).toEqual({});
  });
});
