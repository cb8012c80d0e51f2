/**
 * The Ghost reader streams: a 5 000-post export (about 40 MB) is read twice with a retained heap
 * far below the file's size. The garbage collector is forced before each sample, so what is
 * measured is what the reader holds, not what it has not yet freed.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import { openGhostExport } from './openGhostExport.ts';

const POSTS = 5000;
const dir = mkdtempSync(join(tmpdir(), 'ghost-streaming-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function writeExport(path: string): void {
  const fd = openSync(path, 'w');
  const paragraph = `<p>${'Une phrase de remplissage pour grossir le corps du billet. '.repeat(20)}</p>`;
  writeSync(fd, '{"db":[{"meta":{"exported_on":1716800000000,"version":"6.3.0"},"data":{"posts":[');
  for (let i = 0; i < POSTS; i++) {
    const post = {
      id: `p${i}`,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Billet ${i}`,
      slug: `billet-${i}`,
      lexical: null,
      mobiledoc: null,
      html: paragraph.repeat(6),
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: '2024-05-01T08:00:00.000Z',
      updated_at: '2024-05-01T08:00:00.000Z',
    };
    writeSync(fd, `${i === 0 ? '' : ','}${JSON.stringify(post)}`);
  }
  writeSync(fd, '],"posts_authors":[');
  for (let i = 0; i < POSTS; i++) {
    writeSync(fd, `${i === 0 ? '' : ','}{"id":"pa${i}","post_id":"p${i}","author_id":"u1","sort_order":0}`);
  }
  writeSync(fd, '],"users":[{"id":"u1","slug":"camille","name":"Camille","email":"c@exemple.fr"}],"tags":[]}}]}');
  closeSync(fd);
}

it('reads a 5 000-post export with bounded memory', async () => {
  const path = join(dir, 'big.json');
  writeExport(path);
  const size = statSync(path).size;
  expect(size).toBeGreaterThan(35 * 1024 ** 2);

  // Buffers (the file's chunks) live outside the JS heap: count them too.
  const held = (): number => {
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
  gc();
  const baseline = held();
  let peak = 0;
  const sample = (): void => {
    gc();
    peak = Math.max(peak, held() - baseline);
  };
  // Samples the first pass too, which runs inside openGhostExport.
  const timer = setInterval(sample, 200);
  let count = 0;
  let lastSlug = '';
  try {
    const source = await openGhostExport(path);
    expect(source.postCount).toBe(POSTS);
    for await (const event of source.events()) {
      if (event.type !== 'post') continue;
      count++;
      lastSlug = event.post.slug;
      expect(event.post.authorSourceIds).toEqual(['u1']);
      if (count % 1000 === 0) sample();
    }
    await source.close();
  } finally {
    clearInterval(timer);
  }
  expect(count).toBe(POSTS);
  expect(lastSlug).toBe(`billet-${POSTS - 1}`);
  // Holding the file would take at least its size; the reader keeps a chunk, a post, and the links.
  expect(peak).toBeLessThan(size / 3);
  expect(peak).toBeGreaterThan(0);
}, 120_000);
