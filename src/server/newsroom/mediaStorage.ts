/**
 * Where the media library's variants live: a directory (MEDIA_DIR, default DATA_DIR/media) or, when
 * MEDIA_S3_BUCKET is set, an S3-compatible bucket (AWS, Scaleway, OVH, MinIO…) reached with path-style
 * addresses and AWS Signature V4 (aws4fetch: small, fetch-based, no SDK). Readers keep
 * asking the site (`/media/library/…`); the server fetches from the bucket (a CDN in front keeps the copies).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';

export interface MediaStorage {
  put: (name: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** The bytes, or null when there is no such file. */
  get: (name: string) => Promise<Uint8Array | null>;
  /** Deletes the file; a file already gone is not an error. */
  remove: (name: string) => Promise<void>;
  describe: string;
}

export function directoryStorage(dir: string): MediaStorage {
  return {
    describe: `directory ${dir}`,
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(dir, name));
    },
    async get(name) {
      try {
        return new Uint8Array(await readFile(join(dir, name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      try {
        await unlink(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of a key's segments (every byte but unreserved ones), as S3 addresses want them. */
const encode = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
}

const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * An S3-compatible bucket (AWS, Scaleway, OVH, MinIO…), path-style, every request signed with AWS Signature
 * V4 by aws4fetch. The payload is hashed and signed (not UNSIGNED-PAYLOAD): the bucket checks the bytes.
 * Plain fetch, not the guarded one (decision 026): the endpoint is the operator's and may be internal (MinIO).
 */
export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch, now: () => Date = () => new Date()): MediaStorage {
  const base = config.endpoint.replace(/\/+$/, '');
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const urlOf = (name: string) => `${base}/${encode(config.bucket)}/${config.prefix}${encode(name)}`;
  const send = async (method: string, name: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    const request = await client.sign(urlOf(name), {
      method,
      headers: { 'x-amz-content-sha256': sha256(body ?? ''), ...headers },
      body: body as Uint8Array<ArrayBuffer> | undefined,
      aws: { datetime: amzDateOf(now()) },
    });
    return fetchImpl(request);
  };
  return {
    describe: `S3 bucket ${config.bucket} at ${base}`,
    async put(name, bytes, contentType) {
      const response = await send('PUT', name, bytes, {
        'content-type': contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      if (!response.ok) throw new Error(`S3 PUT ${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
    async get(name) {
      const response = await send('GET', name);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${name}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(name) {
      const response = await send('DELETE', name);
      // S3 answers 204 whether the key existed or not; some compatible stores say 404 for a missing one.
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
  };
}
