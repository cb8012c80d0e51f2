import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createStaticFiles, isBuildOnlyPath, precompressClientDir, staticResponse } from './staticFiles.mjs';

const dir = mkdtempSync(join(tmpdir(), 'piquante-static-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const built = mkdtempSync(join(tmpdir(), 'piquante-built-'));
mkdirSync(join(built, 'assets'));
const script = `console.log(${JSON.stringify('y'.repeat(3000))});`;
writeFileSync(join(built, 'assets', 'main-def456.js'), script);
writeFileSync(join(built, 'assets', 'logo-0a1b2c.png'), Buffer.alloc(4000, 7));
writeFileSync(join(built, 'robots.txt'), 'User-agent: *\n');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(built, { recursive: true, force: true });
});

describe('static files of the build', () => {
  it('serves the built files, compressed once, hashed assets marked immutable', async () => {
    const files = createStaticFiles(dir);
    const script = await files.lookup('/assets/main-abc123.js');
    expect(script?.type).toBe('text/javascript; charset=utf-8');
    expect(script?.hashed).toBe(true);
    expect(script?.br?.length).toBeLessThan(script?.body.length ?? 0);
    expect(await files.lookup('/assets/main-abc123.js')).toBe(script);
    expect((await files.lookup('/favicon.svg'))?.hashed).toBe(false);
  });

  it('remembers nothing about unknown paths (junk traffic cannot grow memory)', async () => {
    const files = createStaticFiles(dir);
    for (let i = 0; i < 5000; i++) expect(await files.lookup(`/assets/${'a'.repeat(200)}-${i}.js`)).toBeNull();
    expect(await files.lookup('/%E0%A4%A')).toBeNull();
    expect(await files.lookup('/../package.json')).toBeNull();
    expect(await files.lookup('/assets/../../etc/passwd')).toBeNull();
    expect(files.remembered).toBe(0);
    expect(files.fileCount).toBe(2);
  });
});

describe('files precompressed at build', () => {
  it('writes .br and .gz copies beside compressible files only, decoding to the same bytes', async () => {
    expect(await precompressClientDir(built)).toBe(1);
    const file = join(built, 'assets', 'main-def456.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    // Images are compressed already; a tiny file would grow.
    expect(existsSync(join(built, 'assets', 'logo-0a1b2c.png.br'))).toBe(false);
    expect(existsSync(join(built, 'robots.txt.br'))).toBe(false);
  });

  it('are read from disk, not compressed again, and are not addresses of their own', async () => {
    const file = join(built, 'assets', 'main-def456.js');
    // A marker in the copy proves the server sends the build's bytes.
    writeFileSync(`${file}.br`, 'copie-du-build');
    const files = createStaticFiles(built);
    const entry = await files.lookup('/assets/main-def456.js');
    expect(entry?.precompressed).toBe(true);
    expect(entry?.br?.toString()).toBe('copie-du-build');
    expect(await files.lookup('/assets/main-def456.js.br')).toBeNull();
    expect(await files.lookup('/assets/main-def456.js.gz')).toBeNull();
    expect(files.fileCount).toBe(3);
  });

  it('are answered by Accept-Encoding with an ETag, immutable when hashed; HEAD and 304 keep the ETag', async () => {
    const files = createStaticFiles(built);
    const entry = await files.lookup('/assets/main-def456.js');
    if (!entry) throw new Error('built file missing');
    const request = (headers: Record<string, string>, method = 'GET') =>
      new Request('http://magazine.test/assets/main-def456.js', { method, headers });
    const br = staticResponse(entry, request({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const gz = staticResponse(entry, request({ 'accept-encoding': 'gzip' }));
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = staticResponse(entry, request({}));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    const head = staticResponse(entry, request({ 'accept-encoding': 'br' }, 'HEAD'));
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.body).toBeNull();
    const again = staticResponse(entry, request({ 'if-none-match': etag }));
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.body).toBeNull();
    const robots = await files.lookup('/robots.txt');
    if (!robots) throw new Error('robots.txt missing');
    expect(staticResponse(robots, request({})).headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('paths that only name build files', () => {
  it('cover the build folder and script, style and probe extensions, never pages, feeds or media', () => {
    for (const path of ['/assets/x.js', '/assets/unknown', '/x.js', '/wp-login.php', '/.env', '/a/b.css.map']) {
      expect(isBuildOnlyPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/mode',
      '/mode/un-article',
      '/rss.xml',
      '/mode/rss.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/media/quiz/a.svg',
      '/media/a.wav',
    ]) {
      expect(isBuildOnlyPath(path), path).toBe(false);
    }
  });
});
