/**
 * The guarded fetch against a real listener on 127.0.0.1 that counts what reaches it: every spelling of
 * an internal address is refused with nothing sent; a name that resolves to loopback is refused; a
 * redirect from an allowed host to loopback is refused at the hop; redirects are capped; size and time
 * are bounded; the operator's allow list lets a named intranet host through, pinned to the vetted address.
 */
import { Agent, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CountingListener, PNG_1X1, startCountingListener } from '../../testing/internalAddressExports.ts';
import { type SelfSignedCertificate, selfSignedCertificate } from '../../testing/selfSignedCertificate.ts';
import { guardedFetch, type OutboundPolicy, type Resolver } from './guardedFetch.ts';

let listener: CountingListener;
let port = 0;

beforeAll(async () => {
  listener = await startCountingListener((request, response) => {
    const path = request.url ?? '/';
    if (path === '/pixel.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
    else if (path === '/to-loopback') response.writeHead(302, { location: `http://127.0.0.1:${port}/pixel.png` }).end();
    else if (path === '/to-name') response.writeHead(307, { location: `http://rebond.attacker.example:${port}/pixel.png` }).end();
    else if (path.startsWith('/loop/')) {
      const n = Number(path.slice('/loop/'.length));
      response.writeHead(302, { location: `/loop/${n + 1}` }).end();
    } else if (path === '/big') response.writeHead(200).end(Buffer.alloc(64 * 1024));
    else if (path === '/big-chunked') {
      // No content-length: the cap must count the bytes as they come.
      response.writeHead(200);
      for (let i = 0; i < 16; i++) response.write(Buffer.alloc(4096));
      response.end();
    } else if (path === '/slow') setTimeout(() => response.writeHead(200).end('late'), 2_000);
    else response.writeHead(404).end();
  });
  port = listener.port;
});
afterAll(() => listener.close());
beforeEach(() => listener.reset());

const publicOnly: OutboundPolicy = { allowHosts: [] };
/** Every name lands on the listener: what the policy must judge is the address, not the name. */
const toListener: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

describe('every spelling of an internal address is refused, nothing sent', () => {
  const spellings = () => [
    `http://127.0.0.1:${port}/pixel.png`,
    `http://localhost:${port}/pixel.png`,
    `http://2130706433:${port}/pixel.png`,
    `http://0x7f000001:${port}/pixel.png`,
    `http://0177.0.0.1:${port}/pixel.png`,
    `http://127.1:${port}/pixel.png`,
    `http://0.0.0.0:${port}/pixel.png`,
    `http://[::1]:${port}/pixel.png`,
    `http://[::ffff:127.0.0.1]:${port}/pixel.png`,
    `http://[::ffff:7f00:1]:${port}/pixel.png`,
    `http://169.254.169.254/latest/meta-data/iam.png`,
    `http://10.0.0.1:${port}/pixel.png`,
    `http://192.168.1.1:${port}/pixel.png`,
    `http://[fd00::1]:${port}/pixel.png`,
    `http://[fe80::1]:${port}/pixel.png`,
    `http://224.0.0.1:${port}/pixel.png`,
  ];

  it('with the system resolver', async () => {
    for (const url of spellings()) {
      const answer = await guardedFetch(url, publicOnly, { timeoutMs: 2_000 });
      expect(answer, url).toMatchObject({ ok: false, failure: 'refused' });
    }
    expect(listener.received).toHaveLength(0);
  });

  it('even when the resolver would send every name to the listener', async () => {
    for (const url of spellings()) {
      expect(await guardedFetch(url, publicOnly, { resolve: toListener, timeoutMs: 2_000 }), url).toMatchObject({
        ok: false,
        failure: 'refused',
      });
    }
    expect(listener.received).toHaveLength(0);
  });

  it('the listener does answer when asked directly: the refusals above are the guard’s', async () => {
    const answer = await guardedFetch(`http://127.0.0.1:${port}/pixel.png`, { allowHosts: ['127.0.0.1'] });
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(answer.ok && answer.body.equals(PNG_1X1)).toBe(true);
    expect(listener.received).toHaveLength(1);
  });
});

describe('names', () => {
  it('a name that resolves to loopback is refused, nothing sent', async () => {
    const answer = await guardedFetch(`http://images.attacker.example:${port}/pixel.png`, publicOnly, { resolve: toListener });
    expect(answer).toMatchObject({ ok: false, failure: 'refused' });
    expect(listener.received).toHaveLength(0);
  });

  it('a name with one internal address among public ones is refused', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await guardedFetch(`http://mixed.example:${port}/pixel.png`, publicOnly, { resolve: mixed })).toMatchObject({
      ok: false,
      failure: 'refused',
    });
    expect(listener.received).toHaveLength(0);
  });

  it('an allowed name goes through, to the address vetted (the Host header keeps the name)', async () => {
    const answer = await guardedFetch(
      `http://wp.intranet.lan:${port}/pixel.png`,
      { allowHosts: ['wp.intranet.lan'] },
      { resolve: toListener },
    );
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(listener.received.map((r) => r.headers.host)).toEqual([`wp.intranet.lan:${port}`]);
  });

  it('the connection uses the vetted address, not a second resolution (no rebinding)', async () => {
    let calls = 0;
    // First answer: the listener (allowed); any later answer would point elsewhere.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]);
    const answer = await guardedFetch(
      `http://wp.intranet.lan:${port}/pixel.png`,
      { allowHosts: ['wp.intranet.lan'] },
      { resolve: rebinding },
    );
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(calls).toBe(1);
    expect(listener.received).toHaveLength(1);
  });

  it('a name that does not resolve is unreachable', async () => {
    const none: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await guardedFetch('http://nowhere.example/a.png', publicOnly, { resolve: none })).toMatchObject({
      ok: false,
      failure: 'unreachable',
    });
  });
});

describe('redirects', () => {
  const allowed: OutboundPolicy = { allowHosts: ['wp.intranet.lan'] };

  it('a redirect from an allowed host to loopback is refused at the hop, the target never asked', async () => {
    const answer = await guardedFetch(`http://wp.intranet.lan:${port}/to-loopback`, allowed, { resolve: toListener });
    expect(answer).toMatchObject({ ok: false, failure: 'refused' });
    expect(answer.url?.href).toBe(`http://127.0.0.1:${port}/pixel.png`);
    expect(listener.received.map((r) => r.url)).toEqual(['/to-loopback']);
  });

  it('a redirect to a name that resolves to loopback is refused too', async () => {
    const answer = await guardedFetch(`http://wp.intranet.lan:${port}/to-name`, allowed, { resolve: toListener });
    expect(answer).toMatchObject({ ok: false, failure: 'refused' });
    expect(listener.received.map((r) => r.url)).toEqual(['/to-name']);
  });

  it('follows at most five redirects', async () => {
    const answer = await guardedFetch(`http://wp.intranet.lan:${port}/loop/0`, allowed, { resolve: toListener });
    expect(answer).toMatchObject({ ok: false, failure: 'too-many-redirects' });
    expect(listener.received).toHaveLength(6);
    const two = await guardedFetch(`http://wp.intranet.lan:${port}/loop/0`, allowed, { resolve: toListener, maxRedirects: 2 });
    expect(two).toMatchObject({ ok: false, failure: 'too-many-redirects' });
  });

  it('never to another scheme', async () => {
    const ftp = await startCountingListener((_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end());
    try {
      expect(await guardedFetch(`http://wp.intranet.lan:${ftp.port}/`, allowed, { resolve: toListener })).toMatchObject({
        ok: false,
        failure: 'invalid',
      });
    } finally {
      await ftp.close();
    }
  });
});

describe('bounds', () => {
  const allowed: OutboundPolicy = { allowHosts: ['wp.intranet.lan'] };

  it('a body over the cap is too large, declared or counted', async () => {
    expect(await guardedFetch(`http://wp.intranet.lan:${port}/big`, allowed, { resolve: toListener, maxBytes: 1024 })).toMatchObject({
      ok: false,
      failure: 'too-large',
    });
    expect(
      await guardedFetch(`http://wp.intranet.lan:${port}/big-chunked`, allowed, { resolve: toListener, maxBytes: 10_000 }),
    ).toMatchObject({ ok: false, failure: 'too-large' });
    const fits = await guardedFetch(`http://wp.intranet.lan:${port}/big-chunked`, allowed, { resolve: toListener, maxBytes: 65_536 });
    expect(fits.ok && fits.body.byteLength).toBe(65_536);
  });

  it('an answer slower than the time allowed is a timeout', async () => {
    const started = Date.now();
    expect(await guardedFetch(`http://wp.intranet.lan:${port}/slow`, allowed, { resolve: toListener, timeoutMs: 300 })).toMatchObject({
      ok: false,
      failure: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a resolver slower than the time allowed is a timeout too', async () => {
    const hanging: Resolver = () => new Promise(() => {});
    expect(await guardedFetch('http://slow-dns.example/a.png', publicOnly, { resolve: hanging, timeoutMs: 200 })).toMatchObject({
      ok: false,
      failure: 'timeout',
    });
  });

  it('refuses what is not http(s) or carries credentials', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://example.org/', 'http://user:pw@example.org/', 'pas une adresse']) {
      expect(await guardedFetch(url, publicOnly), url).toMatchObject({ ok: false, failure: 'invalid' });
    }
  });
});

describe('https, pinned: the certificate is still checked against the name', () => {
  let tlsServer: ReturnType<typeof createHttpsServer>;
  let tlsPort = 0;
  let agent: Agent;
  let certificate: SelfSignedCertificate;
  beforeAll(async () => {
    certificate = selfSignedCertificate('wp.intranet.lan');
    const { key, cert } = certificate;
    tlsServer = createHttpsServer({ key, cert }, (_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    tlsPort = (tlsServer.address() as AddressInfo).port;
    agent = new Agent({ ca: cert });
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => tlsServer.close(resolve));
    certificate.remove();
  });

  it('connects to the vetted address and verifies the certificate for the name in the URL', async () => {
    const policy = { allowHosts: ['wp.intranet.lan', 'autre.intranet.lan'] };
    const answer = await guardedFetch(`https://wp.intranet.lan:${tlsPort}/`, policy, { resolve: toListener, agent });
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(answer.ok && answer.body.toString()).toBe('ok');
    // Same address, another name: the certificate does not match it, the exchange fails.
    expect(await guardedFetch(`https://autre.intranet.lan:${tlsPort}/`, policy, { resolve: toListener, agent })).toMatchObject({
      ok: false,
      failure: 'unreachable',
    });
  });
});
