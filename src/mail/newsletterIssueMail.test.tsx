/** The newsletter issue's e-mail: what every client must find in it, hostile text escaped, under Gmail's clipping size. */
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PLACEHOLDER, type IssueMailInput } from '../server/newsletter/issues/issueMailTypes.ts';
import { drawnSize, renderNewsletterIssueMail } from './newsletterIssueMail.tsx';

const input: IssueMailInput = {
  subject: 'La sélection de la semaine',
  preheader: 'Trois rituels pour l’hiver',
  intro: 'Bonjour à toutes,\n\nvoici ce que la rédaction a aimé.',
  articles: [
    {
      title: 'Les jeans larges reviennent',
      subtitle: 'Comment les porter',
      url: 'https://piquante.fr/mode/les-jeans-larges',
      categoryName: 'Mode',
      image: { url: 'https://piquante.fr/media/jeans.webp', alt: 'Un jean large', width: 1200, height: 800 },
    },
    {
      title: '<script>alert(1)</script> & « guillemets »',
      subtitle: '',
      url: 'https://piquante.fr/beaute/x?a=1&b="2"',
      categoryName: 'Beauté',
      image: null,
    },
    {
      title: 'Un rituel du soir',
      subtitle: 'Dix minutes',
      url: 'https://piquante.fr/self-care/rituel',
      categoryName: 'Self care',
      image: { url: 'https://piquante.fr/media/rituel.webp', alt: 'Une bougie', width: 800, height: 800 },
    },
  ],
  newsletterName: 'SELF CARE CLUB',
  siteName: 'Piquante',
  siteUrl: 'https://piquante.fr',
  webVersionUrl: 'https://piquante.fr/lettres/12',
  unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
  postalAddress: 'Piquante — 12 rue de la Rédaction, 75011 Paris, France',
};

describe('the newsletter issue e-mail', () => {
  it('has the language, the preview text, every article, sized images with alt text, the postal mention', async () => {
    const { html } = await renderNewsletterIssueMail(input);
    expect(html).toMatch(/<html[^>]*lang="fr"/);
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(html).toContain('Trois rituels pour l’hiver');
    for (const article of input.articles) expect(html).toContain(article.url.replaceAll('&', '&amp;').replaceAll('"', '&quot;'));
    expect(html).toContain('Les jeans larges reviennent');
    expect(html).toMatch(
      /<img[^>]*alt="Un jean large"[^>]*width="552"[^>]*height="368"|<img[^>]*width="552"[^>]*height="368"[^>]*alt="Un jean large"|<img[^>]*alt="Un jean large"/,
    );
    for (const img of html.match(/<img[^>]*>/g) ?? []) {
      expect(img).toMatch(/alt="[^"]+"/);
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
    }
    expect((html.match(/<img/g) ?? []).length).toBe(2);
    expect(html).toContain(input.postalAddress);
    expect(html).toContain('https://piquante.fr/lettres/12');
  });

  it('keeps the unsubscribe placeholder intact in both parts, and escapes hostile text', async () => {
    const { html, text } = await renderNewsletterIssueMail(input);
    expect(html).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
    expect(text).toContain(`Se désinscrire : ${UNSUBSCRIBE_PLACEHOLDER}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('has a readable plain-text part with every title and address', async () => {
    const { text } = await renderNewsletterIssueMail(input);
    for (const article of input.articles) {
      expect(text).toContain(article.title);
      expect(text).toContain(article.url);
    }
    expect(text).toContain('Version en ligne : https://piquante.fr/lettres/12');
    expect(text).toContain('Bonjour à toutes,');
  });

  it('draws images at the column’s width at most, proportions kept, and leaves out one whose size is unusable', async () => {
    expect(drawnSize({ width: 1200, height: 800 })).toEqual({ width: 552, height: 368 });
    expect(drawnSize({ width: 300, height: 600 })).toEqual({ width: 300, height: 600 });
    expect(drawnSize({ width: 0, height: 800 })).toBeNull();
    expect(drawnSize({ width: Number.NaN, height: 800 })).toBeNull();
    const broken = {
      ...input,
      articles: [{ ...input.articles[0], image: { url: 'https://piquante.fr/media/x.webp', alt: 'X', width: 0, height: 0 } }],
    } as IssueMailInput;
    const { html } = await renderNewsletterIssueMail(broken);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('NaN');
    expect(html).toContain('Les jeans larges reviennent');
  });

  it('stays under Gmail’s clipping size with thirty articles', async () => {
    const many = {
      ...input,
      articles: Array.from({ length: 30 }, (_, i) => ({ ...input.articles[0], title: `Article ${i}` })),
    } as IssueMailInput;
    const { html } = await renderNewsletterIssueMail(many);
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);
  });
});
