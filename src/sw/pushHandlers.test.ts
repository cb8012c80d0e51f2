/**
 * The worker's push and notificationclick handlers, run against a stand-in of the worker's global scope
 * (its registration, clients and location): what a push shows, and where a click leads. The browser's own
 * delivery of a push (a push service, then Chromium) is not exercised here; see docs/testing.md.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: unknown) => void;

function standInScope(windows: { url: string; navigate: (url: string) => Promise<{ focus: () => Promise<void> } | null> }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    location: { origin: 'https://www.piquante.fr' },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  /** Dispatches like the browser: the handler's waitUntil promise is what the browser waits for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { scope, shown, opened, dispatch };
}

async function install(scope: object) {
  vi.stubGlobal('self', scope);
  vi.resetModules();
  const { installPushHandlers } = await import('./pushHandlers.ts');
  installPushHandlers('Piquante', '/icons/icon-192.png');
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload, text: () => String(payload) } });

afterEach(() => vi.unstubAllGlobals());

describe('the service worker, on a push', () => {
  it('shows the title, text, icon and the article to open; only paths of this site', async () => {
    const { scope, shown, dispatch } = standInScope();
    await install(scope);
    await dispatch(
      'push',
      pushOf({ title: 'Nouveau sur Piquante', body: 'Les jeans larges reviennent', url: '/mode/les-jeans-larges', tag: 'article-12' }),
    );
    expect(shown).toEqual([
      {
        title: 'Nouveau sur Piquante',
        options: {
          body: 'Les jeans larges reviennent',
          icon: '/icons/icon-192.png',
          tag: 'article-12',
          lang: 'fr',
          data: { url: '/mode/les-jeans-larges' },
        },
      },
    ]);
    await dispatch('push', pushOf({ url: '//evil.example/phishing', icon: 'https://evil.example/x.png' }));
    expect(shown[1]).toEqual({
      title: 'Piquante',
      options: { body: '', icon: '/icons/icon-192.png', tag: 'piquante', lang: 'fr', data: { url: '/' } },
    });
  });

  it('shows something even when the push is not JSON', async () => {
    const { scope, shown, dispatch } = standInScope();
    await install(scope);
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Un texte brut',
      },
    });
    expect(shown[0]?.title).toBe('Piquante');
    expect(shown[0]?.options.body).toBe('Un texte brut');
  });
});

describe('the service worker, on a click on the notification', () => {
  it('opens the article in the site’s open tab and focuses it, else in a new window; never another site', async () => {
    const focused: string[] = [];
    const navigated: string[] = [];
    const tab = {
      url: 'https://www.piquante.fr/beaute',
      navigate: async (url: string) => {
        navigated.push(url);
        return { focus: async () => void focused.push(url) };
      },
    };
    const withTab = standInScope([tab]);
    await install(withTab.scope);
    const closed: string[] = [];
    const notification = (url: unknown) => ({ notification: { data: { url }, close: () => closed.push('closed') } });
    await withTab.dispatch('notificationclick', notification('/mode/les-jeans-larges'));
    expect(navigated).toEqual(['https://www.piquante.fr/mode/les-jeans-larges']);
    expect(focused).toEqual(['https://www.piquante.fr/mode/les-jeans-larges']);
    expect(withTab.opened).toEqual([]);
    expect(closed).toEqual(['closed']);

    const noTab = standInScope([]);
    await install(noTab.scope);
    await noTab.dispatch('notificationclick', notification('https://evil.example/'));
    expect(noTab.opened).toEqual(['https://www.piquante.fr/']);

    // A tab the worker does not control refuses navigate(): a new window instead.
    const stubborn = standInScope([
      { url: 'https://www.piquante.fr/', navigate: async () => Promise.reject(new TypeError('not controlled')) },
    ]);
    await install(stubborn.scope);
    await stubborn.dispatch('notificationclick', notification('/culture/un-article'));
    expect(stubborn.opened).toEqual(['https://www.piquante.fr/culture/un-article']);
  });
});
