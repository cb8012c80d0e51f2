/**
 * Media storage: a directory, or an S3-compatible bucket signed by aws4fetch, sent to a bucket on loopback that
 * recomputes every signature with an independent SigV4 (src/testing/sigV4.ts, itself checked against AWS's
 * published test vectors).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { signV4 } from '../../testing/sigV4.ts';
import { mediaStorageFromEnv } from '../config/mediaStorageConfig.ts';
import { directoryStorage, s3Storage } from './mediaStorage.ts';

const example = {
  region: 'us-east-1',
  service: 'service',
  amzDate: '20150830T123600Z',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  payloadHash: createHash('sha256').update('').digest('hex'),
};

describe('the test bucket’s own AWS Signature V4', () => {
  it('matches AWS’s test suite: get-vanilla and get-vanilla-query-order-key-case', () => {
    const vanilla = signV4({
      ...example,
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: { 'x-amz-date': example.amzDate },
    });
    expect(vanilla).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    const query = signV4({
      ...example,
      method: 'GET',
      url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
      headers: { 'x-amz-date': example.amzDate },
    });
    expect(query).toMatch(/Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500$/);
  });
});

describe('directory storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('writes, reads back, and answers null for a missing file', async () => {
    const store = directoryStorage(join(dir, 'nested'));
    await store.put('a.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(await store.get('a.webp')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.get('b.webp')).toBeNull();
    await store.remove('a.webp');
    expect(await store.get('a.webp')).toBeNull();
    // Already gone: not an error.
    await store.remove('a.webp');
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, { body: Buffer; type: string; cacheControl: string }>();
  const refused: string[] = [];
  let server: Server;
  let endpoint = '';
  const config = {
    bucket: 'piquante-media',
    region: 'fr-par',
    accessKeyId: 'AKIATEST',
    secretAccessKey: 'un secret de test',
    prefix: 'media/',
  };

  /** What a bucket does: recompute the signature from the request, refuse with 403 when it differs. */
  function verified(req: IncomingMessage, body: Buffer): boolean {
    const auth = req.headers.authorization ?? '';
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
    const payloadHash = createHash('sha256').update(body).digest('hex');
    if (headers['x-amz-content-sha256'] !== payloadHash) return false;
    const expected = signV4({
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', endpoint),
      headers,
      payloadHash,
      region: config.region,
      service: 's3',
      amzDate: headers['x-amz-date'] ?? '',
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    });
    return expected === auth;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (!verified(req, body)) {
          refused.push(`${req.method} ${req.url}`);
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        const key = req.url ?? '';
        if (req.method === 'PUT') {
          objects.set(key, { body, type: String(req.headers['content-type']), cacheControl: String(req.headers['cache-control']) });
          res.writeHead(200).end();
        } else if (req.method === 'DELETE') {
          // As S3: 204 whether the key existed or not.
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          const found = objects.get(key);
          if (!found) res.writeHead(404).end('NoSuchKey');
          else res.writeHead(200, { 'content-type': found.type }).end(found.body);
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('puts variants with their type and immutable caching, reads them back, null when missing', async () => {
    const store = s3Storage({ ...config, endpoint });
    await store.put(`${'a'.repeat(64)}-480.avif`, new Uint8Array([9, 8, 7]), 'image/avif');
    const stored = objects.get(`/piquante-media/media/${'a'.repeat(64)}-480.avif`);
    expect(stored).toMatchObject({ type: 'image/avif', cacheControl: 'public, max-age=31536000, immutable' });
    expect(await store.get(`${'a'.repeat(64)}-480.avif`)).toEqual(new Uint8Array([9, 8, 7]));
    expect(await store.get('missing.webp')).toBeNull();
    expect(refused).toEqual([]);
  });

  it('removes a variant with a signed DELETE (a missing one is not an error)', async () => {
    const store = s3Storage({ ...config, endpoint });
    const name = `${'b'.repeat(64)}-960.webp`;
    await store.put(name, new Uint8Array([1, 2]), 'image/webp');
    await store.remove(name);
    expect(objects.has(`/piquante-media/media/${name}`)).toBe(false);
    expect(await store.get(name)).toBeNull();
    await store.remove(name);
    expect(refused).toEqual([]);
  });

  it('a wrong secret is refused by the bucket and surfaces as an error, not as a missing file', async () => {
    const store = s3Storage({ ...config, endpoint, secretAccessKey: 'faux' });
    await expect(store.put('x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/S3 PUT x.webp: 403/);
    await expect(store.get('x.webp')).rejects.toThrow(/403/);
    await expect(store.remove('x.webp')).rejects.toThrow(/S3 DELETE x.webp: 403/);
  });

  it('is chosen by MEDIA_S3_BUCKET, which needs its endpoint and keys', () => {
    expect(mediaStorageFromEnv({ DATA_DIR: '/tmp/x' }).describe).toBe('directory /tmp/x/media');
    expect(mediaStorageFromEnv({ MEDIA_DIR: '/srv/media' }).describe).toBe('directory /srv/media');
    expect(() => mediaStorageFromEnv({ MEDIA_S3_BUCKET: 'b' })).toThrow(/MEDIA_S3_ENDPOINT/);
    const s3 = mediaStorageFromEnv({
      MEDIA_S3_BUCKET: 'b',
      MEDIA_S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
      MEDIA_S3_ACCESS_KEY_ID: 'k',
      MEDIA_S3_SECRET_ACCESS_KEY: 's',
    });
    expect(s3.describe).toBe('S3 bucket b at https://s3.fr-par.scw.cloud');
  });
});
