/** What a beacon's headers and body become: device classes, bots, prefetches, GPC, referrers, search terms. */
import { describe, expect, it } from 'vitest';
import { isbot } from 'isbot';
import {
  countedPath,
  deviceClass,
  incrementsOf,
  isStaffPath,
  notCountedByHeaders,
  referrerOf,
  rememberedAgents,
  searchTerm,
  verdictOf,
} from './audienceInput.ts';
import { audienceSettings } from './audienceSettings.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('audience input', () => {
  it('reduces a user agent to mobile, tablet or desktop', () => {
    expect(deviceClass(CHROME)).toBe('desktop');
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile Safari/537.36')).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/131 Safari/537.36')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
  });

  it('rules out bots, headless browsers, prefetches and GPC from the headers alone', () => {
    const headers = (h: Record<string, string>) => new Headers({ 'user-agent': CHROME, ...h });
    expect(notCountedByHeaders(headers({}))).toBeNull();
    expect(notCountedByHeaders(headers({ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' }))).toBe('bot');
    expect(notCountedByHeaders(headers({ 'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0 Safari/537.36' }))).toBe('bot');
    expect(notCountedByHeaders(headers({ 'user-agent': 'curl/8.5' }))).toBe('bot');
    expect(notCountedByHeaders(headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe('prefetch');
    expect(notCountedByHeaders(headers({ purpose: 'prefetch' }))).toBe('prefetch');
    expect(notCountedByHeaders(headers({ 'sec-gpc': '1' }))).toBe('gpc');
    expect(notCountedByHeaders(headers({ 'sec-gpc': '0' }))).toBeNull();
  });

  it("remembers each agent's verdict, the same as worked out afresh, within its bound", () => {
    const agents = [
      CHROME,
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      'Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/131 Safari/537.36',
      'Mozilla/5.0 HeadlessChrome/131.0 Safari/537.36',
    ];
    for (let round = 0; round < 2; round++)
      for (const agent of agents) expect(verdictOf(agent)).toEqual({ bot: isbot(agent), device: deviceClass(agent) });
    for (let i = 0; i < audienceSettings.agentVerdicts + 10; i++) verdictOf(`${CHROME} made-up/${i}`);
    expect(rememberedAgents()).toBeLessThanOrEqual(audienceSettings.agentVerdicts);
    expect(rememberedAgents()).toBeGreaterThan(0);
    expect(verdictOf('Mozilla/5.0 (compatible; bingbot/2.0)').bot).toBe(true);
  });

  it('knows the newsroom, previews and the API are not readers’ pages', () => {
    expect(['/admin', '/admin/articles', '/apercu/x', '/api/articles'].map(isStaffPath)).toEqual([true, true, true, true]);
    expect(['/', '/administration-fiscale', '/mode/apercu'].map(isStaffPath)).toEqual([false, false, false]);
    expect(countedPath('/Mode/Robe/')).toBe('/mode/robe');
    expect(countedPath('/')).toBe('/');
  });

  it('tells a visit from a navigation inside the site by the referrer host', () => {
    expect(referrerOf('', ['www.piquante.fr'])).toEqual({ host: '(direct)', internal: false });
    expect(referrerOf('piquante.fr', ['www.piquante.fr'])).toEqual({ host: 'piquante.fr', internal: true });
    expect(referrerOf('www.Google.com', ['www.piquante.fr'])).toEqual({ host: 'google.com', internal: false });
    const internal = incrementsOf(
      { path: '/a', view: true, referrer: 'www.piquante.fr', source: 'x' },
      CHROME,
      ['www.piquante.fr'],
      new Date(),
    );
    expect(internal.view).toEqual({ visit: false });
    expect(internal.sources).toEqual([{ dimension: 'device', value: 'desktop' }]);
  });

  it('keeps search terms that are words, never addresses or phone numbers', () => {
    expect(searchTerm('  Crème   SOLAIRE ')).toBe('crème solaire');
    expect(searchTerm('marie@exemple.fr')).toBeNull();
    expect(searchTerm('06 12 34 56 78')).toBeNull();
    expect(searchTerm('+33612345678')).toBeNull();
    expect(searchTerm('top 10 séries 2026')).toBe('top 10 séries 2026');
    expect(searchTerm('x'.repeat(61))).toBeNull();
  });
});
