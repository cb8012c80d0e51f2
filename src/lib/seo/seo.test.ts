import { describe, expect, it } from 'vitest';
import { absoluteUrl, breadcrumbJsonLd, DEFAULT_SHARE_IMAGE, pageTitle, seoHead, siteImageUrl } from './seo.ts';

describe('page head', () => {
  it("titles end with ' - Piquante'", () => {
    expect(pageTitle('Mode')).toBe('Mode - Piquante');
  });

  it('builds canonical and Open Graph URLs from SITE_URL, in fr_FR', () => {
    const head = seoHead({ title: 'Mode', description: 'Tendances', path: '/mode', siteUrl: 'https://www.piquante.fr/' });
    expect(head.links).toContainEqual({ rel: 'canonical', href: 'https://www.piquante.fr/mode' });
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://www.piquante.fr/mode' });
    expect(head.meta).toContainEqual({ property: 'og:locale', content: 'fr_FR' });
    expect(head.meta).toContainEqual({ title: 'Mode - Piquante' });
  });

  it('lets Google Discover show an article’s large image, and says nothing of it elsewhere (issue 36)', () => {
    const base = { title: 'Un article', description: 'Chapô', path: '/mode/un-article', siteUrl: 'https://www.piquante.fr' };
    const article = { publishedAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', section: 'Mode', authors: ['Anne'] };
    expect(seoHead({ ...base, type: 'article', article }).meta).toContainEqual({ name: 'robots', content: 'max-image-preview:large' });
    expect(seoHead(base).meta.filter((m) => 'name' in m && m.name === 'robots')).toEqual([]);
    // A page kept out of the index stays out: one robots tag, noindex.
    const hidden = seoHead({ ...base, type: 'article', article, noindex: true }).meta.filter((m) => 'name' in m && m.name === 'robots');
    expect(hidden).toEqual([{ name: 'robots', content: 'noindex, follow' }]);
  });

  it('escapes JSON-LD so no text can close its script element', () => {
    const head = seoHead({
      title: 'x',
      description: 'y',
      path: '/',
      siteUrl: 'https://a.b',
      jsonLd: [{ headline: '</script><script>alert(1)</script>' }],
    });
    expect(head.scripts[0]?.children).not.toContain('</script>');
    expect(JSON.parse(String(head.scripts[0]?.children))).toEqual({ headline: '</script><script>alert(1)</script>' });
  });

  it('lists breadcrumbs with absolute URLs', () => {
    const crumbs = breadcrumbJsonLd('https://a.b', [
      { name: 'Piquante', path: '/' },
      { name: 'Mode', path: '/mode' },
    ]);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Piquante', item: 'https://a.b/' },
      { '@type': 'ListItem', position: 2, name: 'Mode', item: 'https://a.b/mode' },
    ]);
    expect(absoluteUrl('https://a.b', '/x?y=1')).toBe('https://a.b/x?y=1');
  });
});

describe('sharing images only ever on this site (issue 34, part 3)', () => {
  const siteUrl = 'https://www.piquante.test';
  const page = (url: string) => seoHead({ title: 'T', description: 'D', path: '/x', siteUrl, image: { url, alt: 'Une image' } });
  const ogImage = (url: string) => page(url).meta.find((m) => (m as { property?: string }).property === 'og:image') as { content: string };

  it('keeps a path of the site, made absolute', () => {
    expect(ogImage('/media/library/abc-800.webp').content).toBe('https://www.piquante.test/media/library/abc-800.webp');
    expect(siteImageUrl(siteUrl, '/media/x.png')).toBe('https://www.piquante.test/media/x.png');
  });

  it.each([
    '/\\evil.example/track.png',
    '/\t\\evil.example/track.png',
    '//evil.example/track.png',
    'https://evil.example/track.png',
    'http://www.piquante.test.evil.example/x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    '/media/\u0000x.png',
  ])('puts the site’s default image instead of %j', (url) => {
    expect(ogImage(url).content).toBe(`https://www.piquante.test${DEFAULT_SHARE_IMAGE.url}`);
    expect(siteImageUrl(siteUrl, url)).toBe(`https://www.piquante.test${DEFAULT_SHARE_IMAGE.url}`);
  });

  it('the default image comes with its own size and alt text', () => {
    const meta = page('/\\evil.example/track.png').meta as { property?: string; content?: string }[];
    expect(meta.find((m) => m.property === 'og:image:width')?.content).toBe(String(DEFAULT_SHARE_IMAGE.width));
    expect(meta.find((m) => m.property === 'og:image:alt')?.content).toBe(DEFAULT_SHARE_IMAGE.alt);
  });
});
