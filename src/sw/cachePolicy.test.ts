import { describe, expect, it } from 'vitest';
import {
  isCachedApi,
  isCachedImage,
  isLiveApi,
  isNeverCachedPage,
  isPageRequest,
  isSiteArticlePath,
  isStorable,
  type RequestFacts,
} from './cachePolicy.ts';

const ORIGIN = 'https://piquante.fr';
const url = (path: string) => new URL(path, ORIGIN);
const facts = (overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  mode: 'cors',
  destination: '',
  accept: null,
  ...overrides,
});
const navigation = facts({ mode: 'navigate', destination: 'document', accept: 'text/html,application/xhtml+xml' });

describe('what the service worker keeps', () => {
  it('treats navigations and the page’s own "keep this page" requests as pages, same origin only', () => {
    expect(isPageRequest(navigation, url('/mode/les-jeans'), ORIGIN)).toBe(true);
    expect(isPageRequest(facts({ accept: 'text/html' }), url('/mode/les-jeans'), ORIGIN)).toBe(true);
    expect(isPageRequest(facts({ accept: 'application/json' }), url('/api/categories'), ORIGIN)).toBe(false);
    expect(isPageRequest({ ...navigation, method: 'POST' }, url('/newsletter/inscriptionajaxlight-footer'), ORIGIN)).toBe(false);
    expect(isPageRequest(navigation, new URL('https://example.org/'), ORIGIN)).toBe(false);
  });

  it('never keeps the newsletter’s one-time and personal pages', () => {
    for (const path of [
      '/inscription/confirmer/c.abc',
      '/desinscription',
      '/desinscription/footer',
      '/desinscription/confirmer/u.1.x',
      '/newsletter/desinscription-un-clic/u.1.x',
    ]) {
      expect(isNeverCachedPage(url(path)), path).toBe(true);
    }
    for (const path of ['/', '/inscription/footer', '/mode/les-jeans', '/quizz/x']) expect(isNeverCachedPage(url(path)), path).toBe(false);
  });

  it('keeps GET /api/* except push, search and the reference; never a POST', () => {
    expect(isCachedApi(facts(), url('/api/article/les-jeans'), ORIGIN)).toBe(true);
    expect(isCachedApi(facts(), url('/api/articles?limit=12'), ORIGIN)).toBe(true);
    for (const path of ['/api/search?q=robe', '/api/push/subscriptions', '/api/docs', '/api/openapi.yaml', '/newsletter/captcha']) {
      expect(isCachedApi(facts(), url(path), ORIGIN), path).toBe(false);
    }
    expect(isCachedApi(facts({ method: 'POST' }), url('/api/push/subscriptions'), ORIGIN)).toBe(false);
  });

  it('a live blog’s poll is kept but asked of the network first; other API reads are not', () => {
    expect(isCachedApi(facts(), url('/api/direct/les-cesars?since=3'), ORIGIN)).toBe(true);
    expect(isLiveApi(url('/api/direct/les-cesars?since=3'))).toBe(true);
    expect(isLiveApi(url('/api/direct/les-cesars'))).toBe(true);
    for (const path of ['/api/articles', '/direct/les-cesars', '/api/directs']) expect(isLiveApi(url(path)), path).toBe(false);
  });

  it('keeps same-origin images (shown, or asked for by extension), not audio', () => {
    expect(isCachedImage(facts({ destination: 'image' }), url('/media/svg/article/x.svg'), ORIGIN)).toBe(true);
    expect(isCachedImage(facts(), url('/media/svg/article/x.svg'), ORIGIN)).toBe(true);
    expect(isCachedImage(facts(), url('/media/audio/x.wav'), ORIGIN)).toBe(false);
    expect(isCachedImage(facts({ destination: 'image' }), new URL('https://cdn.example/x.png'), ORIGIN)).toBe(false);
  });

  it('stores only 200s that do not say no-store or private (never an error answer)', () => {
    expect(isStorable(200, 'public, max-age=60')).toBe(true);
    expect(isStorable(200, null)).toBe(true);
    for (const status of [201, 204, 206, 301, 404, 429, 500, 503])
      expect(isStorable(status, 'public, max-age=60'), String(status)).toBe(false);
    expect(isStorable(200, 'no-store')).toBe(false);
    expect(isStorable(200, 'private, max-age=0')).toBe(false);
  });

  it('lists articles under their site address only', () => {
    expect(isSiteArticlePath('/mode/les-jeans')).toBe(true);
    expect(isSiteArticlePath('/app-piquante/mode/les-jeans')).toBe(false);
    expect(isSiteArticlePath('/mission')).toBe(false);
  });
});
