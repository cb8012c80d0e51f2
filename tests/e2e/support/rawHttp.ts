/**
 * One HTTP request through node:http, for tests that need what fetch hides or refuses: a forged Host,
 * TRACE, the exact status line, headers as sent, and the body's bytes undecoded.
 */
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  statusMessage: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (UTF-8). */
  body: string;
  /** The body's bytes, still compressed when the answer was. */
  bytes: Buffer;
}

export function raw(baseURL: string, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          body: bytes.toString(),
          bytes,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
