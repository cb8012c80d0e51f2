import { describe, expect, it } from 'vitest';
import { absoluteUrl, breadcrumbJsonLd, pageTitle, seoHead } from './seo.ts';

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
