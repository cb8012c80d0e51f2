/**
 * The header's notification prompt and web push end to end (issue 11), in Chromium, against a fake push
 * service on 127.0.0.1 (HTTPS, tests/…/fakePushService.ts): the reader's yes stores a subscription, the
 * operator command `push:send` delivers an encrypted payload that the "browser" decrypts, a 410 removes
 * the subscription. The browser's own subscribe() would ask Google's push service (not reachable from
 * tests): it is replaced by one returning a subscription to the fake service, with real keys. Everything
 * else is the product's: the panel, the permission prompt, the API, the database, the command, web-push.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import webpush from 'web-push';
import { notificationTexts } from '../../src/features/notifications/notificationTexts.ts';
import { browserSubscription, type FakePushService, startFakePushService } from '../../src/testing/fakePushService.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';
import { waitForControl } from './support/serviceWorker.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface PushCalls {
  permission: number;
  subscribe: number;
  key: string | null;
}

/** Replaces the browser's push subscription with one to the fake service; counts what the page asks. */
async function stubPushManager(page: Page, subscription: unknown) {
  await page.addInitScript((json) => {
    const calls = { permission: 0, subscribe: 0, key: null as string | null };
    (window as unknown as { __pushCalls: typeof calls }).__pushCalls = calls;
    const data = json as { endpoint: string };
    let current: object | null = null;
    const fake = {
      endpoint: data.endpoint,
      expirationTime: null,
      options: {},
      toJSON: () => json,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      calls.subscribe++;
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      calls.key = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      current = fake;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async () => {
      calls.permission++;
      return ask();
    };
  }, subscription);
}

const pushCalls = (page: Page) => page.evaluate(() => (window as unknown as { __pushCalls: PushCalls }).__pushCalls);

test('without VAPID keys the prompt says notifications are off, and nothing is asked of the browser', async ({ page }) => {
  await stubPushManager(page, browserSubscription('https://fcm.googleapis.com/fcm/send/x').json);
  await page.goto('/mission');
  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toContainText('Activez les notifs pour choper les articles avant tout le monde');
  await expect(panel).toContainText(notificationTexts.off);
  await expect(panel.getByRole('button', { name: 'Activer' })).toHaveCount(0);
  expect(await pushCalls(page)).toEqual({ permission: 0, subscribe: 0, key: null });
});

test.describe('with VAPID keys', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(180_000);

  let service: FakePushService;
  let server: OwnServer | undefined;
  let data: ReturnType<typeof tempDataDir>;
  const vapid = webpush.generateVAPIDKeys();
  const env: Record<string, string> = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:redaction@piquante.fr',
    // The fake push service lives on 127.0.0.1: allowed only with this test/development switch.
    PUSH_ALLOW_LOOPBACK: '1',
  };

  test.beforeAll(async () => {
    service = await startFakePushService();
    data = tempDataDir();
    env.DATA_DIR = data.dir;
  });
  test.afterAll(async () => {
    await server?.kill('SIGTERM');
    await service?.close();
    data?.remove();
  });

  /** `npm run push:send -- --article <url>` on the stopped server's data directory. */
  async function pushSend(article: string) {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', 'scripts/push/push-send.ts', '--article', article],
      { cwd: root, env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: service.certFile } },
    );
    return `${stdout}\n${stderr}`;
  }

  test('the reader subscribes from the header; push:send delivers an encrypted payload; a 410 removes the subscription', async ({
    page,
    context,
  }) => {
    server = await startOwnServer({ ...env, SEED_DEMO: '1' });
    const reader = browserSubscription(`${service.origin}/push/reader`);
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    await stubPushManager(page, reader.json);
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) foreign.push(request.url());
    });
    const latest = (await (await fetch(`${server.baseUrl}/api/articleLast`)).json()) as {
      results: { title: string; subtitle: string; fullUrl: string }[];
    };
    const article = latest.results[0];
    if (!article) throw new Error('no demo article');

    await page.goto(`${server.baseUrl}/`);
    await waitForControl(page);
    await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const activate = panel.getByRole('button', { name: 'Activer' });
    await expect(activate).toBeVisible();
    // Nothing is requested before the reader asks.
    expect(await pushCalls(page)).toEqual({ permission: 0, subscribe: 0, key: null });
    expect(service.deliveries).toHaveLength(0);

    await activate.click();
    await expect(panel.getByRole('status')).toHaveText('C’est noté : on vous prévient dès qu’un article sort.');
    expect(await pushCalls(page)).toEqual({ permission: 1, subscribe: 1, key: vapid.publicKey });
    await expect(panel.getByRole('button', { name: 'Désactiver' })).toBeVisible();
    expect(foreign).toEqual([]);

    // The operator's command, as on a PGlite deployment: server stopped first (one process per data directory).
    await server.kill('SIGTERM');
    server = undefined;
    const sent = await pushSend(`https://piquante.example${article.fullUrl}`);
    expect(sent).toContain('vers 1 abonnement(s)');
    expect(sent).toContain('Envoyées : 1 · abonnements expirés supprimés : 0 · échecs : 0');
    expect(service.deliveries).toHaveLength(1);
    const delivery = service.deliveries[0];
    expect(delivery?.path).toBe('/push/reader');
    expect(delivery?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivery?.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    expect(JSON.parse(reader.decrypt(delivery?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: article.title,
      body: article.subtitle,
      url: article.fullUrl,
    });

    // The push service says the subscription is gone: it is removed, and never tried again.
    service.answer('/push/reader', 410);
    expect(await pushSend(article.fullUrl)).toContain('Envoyées : 0 · abonnements expirés supprimés : 1');
    expect(await pushSend(article.fullUrl)).toContain('vers 0 abonnement(s)');
    expect(service.deliveries).toHaveLength(2);
  });
});
