/**
 * Hostile input against the real production server over HTTP (issue 5 acceptance): huge bodies are cut
 * off with a 413 before they are read, wrong content types and broken bodies get a 4xx, bad fields,
 * disposable and SMS-gateway domains, a filled honeypot and missing or forged captcha tokens get a
 * French message, a flood from one IP gets a 429. Never a 5xx; afterwards the database holds only the
 * one legitimate signup made at the end.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { count } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { subscribers } from '../../src/db/schema.ts';
import { encodeAltchaSolution, solveAltcha } from '../../src/lib/altcha/altchaSolver.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const CANARY = 'canari@exemple.fr';
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
let ipCounter = 1;
/** Each hostile request from its own address (TRUST_PROXY=1), so that the rate limit stays out of the way. */
const nextIp = () => `203.0.113.${ipCounter++}`;

test.beforeAll(async () => {
  data = tempDataDir();
  server = await startOwnServer({ DATA_DIR: data.dir, CAPTCHA_PROVIDER: 'altcha', SIGNUP_RATE_LIMIT: '5', TRUST_PROXY: '1' });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
});

const signupUrl = () => `${server.baseUrl}/newsletter/inscriptionajaxlight-hostile`;

function fields(overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = {
    people_register_email: CANARY,
    people_register_codepostal: '75011',
    people_register_newslettertype: '1',
    'g-recaptcha-response': '',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

async function post(init: RequestInit, ip = nextIp()) {
  const response = await fetch(signupUrl(), {
    method: 'POST',
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip },
  });
  expect(response.status, 'never a 5xx').toBeLessThan(500);
  return {
    status: response.status,
    body: (await response.json()) as { status?: string; errors?: Record<string, string>; error?: string; message?: string },
  };
}

/** Streams a body on a raw socket and reports the status line and how much was sent before it came. */
function streamUntilAnswered(headers: string[], chunk: Buffer, limitBytes: number): Promise<{ status: number; sent: number }> {
  const port = Number(new URL(server.baseUrl).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let answered = false;
    let received = '';
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match && !answered) {
        answered = true;
        socket.destroy();
        resolve({ status: Number(match[1]), sent });
      }
    });
    socket.on('error', (error) => {
      if (!answered) reject(error);
    });
    socket.on('connect', async () => {
      socket.write(`${headers.join('\r\n')}\r\n\r\n`);
      while (!answered && sent < limitBytes) {
        const ok = socket.write(chunk);
        sent += chunk.length;
        if (!ok) await new Promise((done) => socket.once('drain', done));
        await new Promise((done) => setTimeout(done, 5));
      }
      if (!answered) setTimeout(() => !answered && reject(new Error(`no answer after sending ${sent} bytes`)), 3000);
    });
  });
}

test('a body declared over 16 KB is refused with a 413 before it is sent', async () => {
  const path = new URL(signupUrl()).pathname;
  const total = 50 * 1024 * 1024;
  const { status, sent } = await streamUntilAnswered(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${total}`,
      `X-Forwarded-For: ${nextIp()}`,
    ],
    Buffer.alloc(64 * 1024, 0x61),
    total,
  );
  expect(status).toBe(413);
  expect(sent).toBeLessThan(total / 10);
});

test('an undeclared (chunked) body is cut off with a 413 soon after 16 KB', async () => {
  const path = new URL(signupUrl()).pathname;
  const piece = Buffer.alloc(4096, 0x61);
  const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  const { status, sent } = await streamUntilAnswered(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/x-www-form-urlencoded',
      'Transfer-Encoding: chunked',
      `X-Forwarded-For: ${nextIp()}`,
    ],
    chunk,
    20 * 1024 * 1024,
  );
  expect(status).toBe(413);
  expect(sent).toBeLessThan(1024 * 1024);
});

test('wrong content types get a 415 and broken bodies a 400, in French', async () => {
  const cases: [RequestInit, number][] = [
    [{ body: JSON.stringify({ people_register_email: CANARY }), headers: { 'content-type': 'application/json' } }, 415],
    [{ body: `people_register_email=${CANARY}`, headers: { 'content-type': 'text/plain' } }, 415],
    [{ body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'application/octet-stream' } }, 415],
    [{ body: 'nothing', headers: { 'content-type': 'multipart/form-data' } }, 400],
    [
      {
        body: '--b\r\nContent-Disposition: form-data; name="people_register_email"\r\n\r\nx',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      400,
    ],
    [{ body: new Uint8Array([0x61, 0x3d, 0xc3, 0x28]), headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 400],
    [
      {
        body: `people_register_email=${CANARY}&people_register_email=${CANARY}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      400,
    ],
  ];
  for (const [init, status] of cases) {
    const answer = await post(init);
    expect(answer.status, JSON.stringify(init.headers)).toBe(status);
    expect(answer.body.message).toMatch(/formulaire|champ/);
  }
});

test('missing fields, injection strings, unicode tricks, disposable and SMS domains get French messages', async () => {
  const missing = await post({ body: new FormData() });
  expect(missing.body.status).toBe('error');
  expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual([
    'g-recaptcha-response',
    'people_register_codepostal',
    'people_register_email',
  ]);
  const emails: [string, RegExp][] = [
    ["x'); DROP TABLE subscribers;--@exemple.fr", /pas valide/],
    ['<img src=x onerror=alert(1)>@exemple.fr', /pas valide/],
    ['canari\u200b@exemple.fr', /pas valide/],
    ['canari\u202e@exemple.fr', /pas valide/],
    ['canari@exemple.fr\r\nBcc: x@y.fr', /pas valide/],
    ['canari@yopmail.com', /jetables/],
    ['0612345678@sms.operateur.fr', /SMS/],
    ['2125551234@vtext.com', /SMS/],
  ];
  for (const [email, message] of emails) {
    const answer = await post({ body: fields({ people_register_email: email }) });
    expect(answer.body.errors?.people_register_email, email).toMatch(message);
  }
  const postcode = await post({ body: fields({ people_register_codepostal: "75011' OR 1=1 --" }) });
  expect(postcode.body.errors?.people_register_codepostal).toMatch(/code postal/);
});

test('a filled honeypot, a missing token and a forged token are refused', async () => {
  const honeypot = await post({ body: fields({ people_register_website: 'https://spam.example' }) });
  expect(honeypot.body.errors?.people_register_website).toMatch(/robots/);
  const noToken = await post({ body: fields() });
  expect(noToken.body.errors?.['g-recaptcha-response']).toMatch(/anti-robot/);
  const forged = Buffer.from(
    JSON.stringify({
      algorithm: 'SHA-256',
      challenge: 'a'.repeat(64),
      number: 1,
      salt: 'x?expires=9999999999&',
      signature: 'b'.repeat(64),
    }),
  ).toString('base64');
  const forgedAnswer = await post({ body: fields({ 'g-recaptcha-response': forged }) });
  expect(forgedAnswer.body.errors?.['g-recaptcha-response']).toMatch(/anti-robot/);
});

test('more signups than SIGNUP_RATE_LIMIT from one IP in a minute get a 429 in French', async () => {
  const ip = '198.51.100.77';
  for (let i = 0; i < 5; i++) {
    expect((await post({ body: fields({ people_register_email: `flood${i}@yopmail.com` }) }, ip)).status).toBe(200);
  }
  const response = await fetch(signupUrl(), { method: 'POST', body: fields(), headers: { 'x-forwarded-for': ip } });
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ error: 'too_many_requests', message: 'Trop de tentatives, merci de réessayer dans une minute.' });
});

test('after all that, only the one legitimate signup is stored', async () => {
  const setup = (await (await fetch(`${server.baseUrl}/newsletter/captcha`, { headers: { 'x-forwarded-for': nextIp() } })).json()) as {
    provider: string;
    challenge: Parameters<typeof solveAltcha>[0];
  };
  expect(setup.provider).toBe('altcha');
  const number = solveAltcha(setup.challenge);
  expect(number).not.toBeNull();
  const token = encodeAltchaSolution(setup.challenge, number ?? 0);
  const answer = await post({ body: fields({ 'g-recaptcha-response': token }) });
  // 'success', not 'Vous êtes déjà inscrit': none of the hostile requests stored the canary.
  expect(answer.body).toEqual({ status: 'success', errors: {} });
  await server.kill('SIGTERM');
  const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
  try {
    const rows = await database.db.select({ n: count() }).from(subscribers);
    expect(rows[0]?.n).toBe(1);
  } finally {
    await database.close();
  }
});
