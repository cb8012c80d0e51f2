/**
 * A stand-in for a browser vendor's push service, for tests: an HTTPS server on 127.0.0.1 (web-push
 * always speaks TLS) with a throwaway self-signed certificate (selfSignedCertificate.ts), which records every
 * delivery and answers what a test asks for (201 by default, 410 for a subscription that is gone).
 * `browserSubscription()` plays the browser: a real P-256 key pair and auth secret, so that a delivery can
 * be decrypted here (RFC 8291 / RFC 8188, written from the RFCs, independently of web-push's own code).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { selfSignedCertificate } from './selfSignedCertificate.ts';

export interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePushService {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** PEM of the certificate (trust it with NODE_EXTRA_CA_CERTS=certFile or an https.Agent's `ca`). */
  cert: string;
  certFile: string;
  deliveries: Delivery[];
  /** What the service answers on `path` from now on (default 201). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert, certFile, remove } = selfSignedCertificate('127.0.0.1');
  const deliveries: Delivery[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      deliveries.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    certFile,
    deliveries,
    answer: (path, status) => void answers.set(path, status),
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      remove();
    },
  };
}

export interface BrowserSubscription {
  /** The shape PushSubscription.toJSON() gives (what the page posts to the API). */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Decrypts a delivery made to this subscription (aes128gcm) into its text. */
  decrypt: (body: Buffer) => string;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id = sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret.
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error('not the last record of an aes128gcm body');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}
