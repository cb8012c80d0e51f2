/// <reference lib="webworker" />
/**
 * Web push in the worker: shows what the server sent (src/server/push/pushPayload.ts) and opens the
 * article on a click, in an open tab of the site when there is one. Only paths of this site are opened.
 */
declare const self: ServiceWorkerGlobalScope;

interface Payload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  icon?: unknown;
  tag?: unknown;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/** A path of this site, or the home page. */
function sitePath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function installPushHandlers(siteName: string, icon: string): void {
  self.addEventListener('push', (event) => {
    let payload: Payload = {};
    try {
      payload = (event.data?.json() ?? {}) as Payload;
    } catch {
      payload = { body: event.data?.text() };
    }
    event.waitUntil(
      self.registration.showNotification(text(payload.title, siteName), {
        body: text(payload.body, ''),
        icon: sitePath(payload.icon) === '/' ? icon : sitePath(payload.icon),
        tag: text(payload.tag, 'piquante'),
        lang: 'fr',
        data: { url: sitePath(payload.url) },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = new URL(sitePath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          try {
            // navigate() needs a tab this worker controls; otherwise a new window is opened below.
            await (await open.navigate(target))?.focus();
            return;
          } catch {
            // Not controlled (or gone): open a window instead.
          }
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
}
