/**
 * Where the media library's variants live: a directory (MEDIA_DIR, default DATA_DIR/media) or, when
 * MEDIA_S3_BUCKET is set, an S3-compatible bucket (AWS, Scaleway, OVH, MinIO…) reached with path-style
 * addresses and AWS Signature V4, written here in a few lines rather than pulling a whole SDK in. Readers keep
 * asking the site (`/media/library/…`); the server fetches from the bucket (a CDN in front keeps the copies).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export interface SigningInput {
  method: string;
  url: URL;
  /** Headers to sign (lower-case names); `host` is added from the URL. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  /** `YYYYMMDDTHHMMSSZ` */
  amzDate: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** RFC 3986 encoding as SigV4 wants it (every byte but unreserved ones). */
const encode = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Authorization header of AWS Signature Version 4 for this request. */
export function signV4(input: SigningInput): string {
  const headers: Record<string, string> = { host: input.url.host, ...input.headers };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const canonicalHeaders = names.map((n) => `${n}:${lowered[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const path = input.url.pathname.split('/').map((s) => encode(decodeURIComponent(s))).join('/') || '/';
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [input.method, path, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
}

const amzDateOf = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch, now: () => Date = () => new Date()): MediaStorage {
  const base = config.endpoint.replace(/\/+$/, '');
  const urlOf = (name: string) => new URL(`${base}/${encode(config.bucket)}/${config.prefix}${encode(name)}`);
  const signed = (method: string, url: URL, payloadHash: string, extra: Record<string, string> = {}) => {
    const amzDate = amzDateOf(now());
    const headers = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate, ...extra };
    return { ...headers, authorization: signV4({ method, url, headers, payloadHash, region: config.region, service: 's3', amzDate, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }) };
  };
  return {
    describe: `S3 bucket ${config.bucket} at ${base}`,
    async put(name, bytes, contentType) {
      const url = urlOf(name);
      const response = await fetchImpl(url, {
        method: 'PUT',
        headers: signed('PUT', url, sha256(bytes), { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' }),
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      if (!response.ok) throw new Error(`S3 PUT ${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
    async get(name) {
      const url = urlOf(name);
      const response = await fetchImpl(url, { headers: signed('GET', url, sha256('')) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${name}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(name) {
      const url = urlOf(name);
      const response = await fetchImpl(url, { method: 'DELETE', headers: signed('DELETE', url, sha256('')) });
      // S3 answers 204 whether the key existed or not; some compatible stores say 404 for a missing one.
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
  };
}

/** The storage the environment configures: the bucket when MEDIA_S3_BUCKET is set (all its settings then required). */
export function mediaStorageFromEnv(env: NodeJS.ProcessEnv = process.env): MediaStorage {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) {
    const dir = env.MEDIA_DIR?.trim() ? resolve(env.MEDIA_DIR.trim()) : join(resolve(env.DATA_DIR ?? './.data'), 'media');
    return directoryStorage(dir);
  }
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`MEDIA_S3_BUCKET is set: ${name} is needed too.`);
    return value;
  };
  const prefix = (env.MEDIA_S3_PREFIX ?? 'media/').trim();
  return s3Storage({
    endpoint: need('MEDIA_S3_ENDPOINT'),
    bucket,
    region: env.MEDIA_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: need('MEDIA_S3_ACCESS_KEY_ID'),
    secretAccessKey: need('MEDIA_S3_SECRET_ACCESS_KEY'),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  });
}
