/**
 * The newsletter issue's e-mail against the caniemail.com data for Gmail, Outlook, Apple Mail and Yahoo
 * (issue 39, point 8): nothing a reader would miss. The features still flagged are listed below, each with
 * why a reader loses nothing; any other one, or an image in a format one of these clients does not show
 * (SVG, AVIF, WebP: what the articles' own images are), fails.
 */
import { describe, expect, it } from 'vitest';
import { type IssueMailInput, UNSUBSCRIBE_PLACEHOLDER } from '../server/newsletter/issues/issueMailTypes.ts';
import { unsupportedFeatures, unsupportedImages } from '../testing/mailClientSupport.ts';
import { renderNewsletterIssueMail } from './newsletterIssueMail.tsx';

/** Flagged by caniemail for some of these clients, and harmless: the reason a reader misses nothing. */
const DEGRADES_GRACEFULLY: Record<string, string> = {
  '<body> element': 'Webmails drop <body>: only the page colour around the column goes, the column carries its own.',
  'height property': '`height: auto` keeps proportions where read; elsewhere the height attribute, set in proportion, does.',
  'target attribute': 'Clients that ignore it open links in a new tab anyway.',
  transform: 'Matched on the category label’s `text-transform: uppercase`: the label keeps its own case where dropped.',
  'display:none': 'Only on the hidden preheader (React Email `Preview`): at worst its one line shows above the header.',
  opacity: 'Only on the hidden preheader.',
  overflow: 'Only on the hidden preheader.',
  'text-decoration-line': 'React Email’s link reset, followed by the `text-decoration` these clients read.',
  outline: 'Image outline reset: no outline is drawn either way.',
  'border-radius': 'Rounded image corners: square corners where unsupported.',
  'role attribute': 'role="presentation" on layout tables: a hint for screen readers, layout unchanged.',
};

const site = 'https://piquante.fr';
/** As issueMailInput hands them over: the JPEG renditions (server/media/mailRenditions.ts) of the articles' images. */
const image = (url: string) => ({ url, alt: 'Une illustration', width: 1200, height: 800 });

const input: IssueMailInput = {
  subject: 'La sélection de la semaine',
  preheader: 'Trois rituels pour l’hiver',
  intro: 'Bonjour à toutes,\n\nvoici ce que la rédaction a aimé.',
  articles: [
    {
      title: 'Une image de la médiathèque',
      subtitle: 'Ses variantes du site sont en AVIF et WebP',
      url: `${site}/mode/jeans`,
      categoryName: 'Mode',
      image: image(`${site}/media/library/${'a'.repeat(64)}-mail-1200.jpg`),
    },
    {
      title: 'Une illustration de démonstration',
      subtitle: 'Dessinée en SVG',
      url: `${site}/beaute/rituel`,
      categoryName: 'Beauté',
      image: image(`${site}/media/mail/article/rituel-du-soir-1200.jpg`),
    },
  ],
  newsletterName: 'SELF CARE CLUB',
  siteName: 'Piquante',
  siteUrl: site,
  webVersionUrl: `${site}/lettres/12`,
  unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
  postalAddress: 'Piquante — 12 rue de la Rédaction, 75011 Paris, France',
};

describe('the newsletter issue e-mail in Gmail, Outlook, Apple Mail and Yahoo (caniemail.com data)', () => {
  it('uses no feature a reader would miss: every flagged one is listed with its reason', async () => {
    const { html } = await renderNewsletterIssueMail(input);
    const flagged = [...unsupportedFeatures(html).keys()].sort();
    expect(flagged.filter((title) => !(title in DEGRADES_GRACEFULLY))).toEqual([]);
    // The list stays honest: a feature no longer flagged leaves it.
    expect(Object.keys(DEGRADES_GRACEFULLY).sort()).toEqual(flagged);
  });

  it('shows only images every one of these clients displays: JPEG renditions', async () => {
    const { html } = await renderNewsletterIssueMail(input);
    const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      `${site}/media/library/${'a'.repeat(64)}-mail-1200.jpg`,
      `${site}/media/mail/article/rituel-du-soir-1200.jpg`,
    ]);
    expect(unsupportedImages(html)).toEqual(new Map());
  });

  it('fails on an SVG, AVIF or WebP image (the check can fail)', async () => {
    for (const [url, client] of [
      [`${site}/media/svg/article/rituel-du-soir.svg`, 'gmail.desktop-webmail'],
      [`${site}/media/library/${'a'.repeat(64)}-1600.avif`, 'outlook.windows'],
      [`${site}/media/library/${'a'.repeat(64)}-1600.webp`, 'outlook.windows'],
    ] as const) {
      const [first, ...rest] = input.articles;
      if (!first) throw new Error('no article');
      const { html } = await renderNewsletterIssueMail({ ...input, articles: [{ ...first, image: image(url) }, ...rest] });
      expect(unsupportedImages(html).get(url)).toContain(client);
    }
  });
});
