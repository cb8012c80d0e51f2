/**
 * AWS Signature Version 4, written independently of the signing library the server uses (aws4fetch): the
 * tests' bucket recomputes every signature it receives with it, and it is itself checked against AWS's
 * published test vectors. Two implementations agreeing is the point.
 */
import { createHash, createHmac } from 'node:crypto';

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
const encode = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Authorization header of AWS Signature Version 4 for this request. */
export function signV4(input: SigningInput): string {
  const headers: Record<string, string> = { host: input.url.host, ...input.headers };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const canonicalHeaders = names.map((n) => `${n}:${lowered[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const path =
    input.url.pathname
      .split('/')
      .map((s) => encode(decodeURIComponent(s)))
      .join('/') || '/';
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
