/**
 * The newsletter issue's e-mail (issue 21, decision 017), as React Email components: one column of 600 px at
 * most that holds at 320 px (tables and inline styles, what mail clients read), light and dark colour schemes
 * declared, every colour on an explicit background (a client that inverts keeps the contrast), images with
 * width, height and alt, a plain-text part, the reader's own unsubscribe link and the postal mention.
 * Rendered on the server by `renderNewsletterIssueMail`, handed to the server by its composition root.
 */
import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { IssueMailArticle, IssueMailInput, IssueMailRenderer } from '../server/newsletter/issues/issueMailTypes.ts';

const colours = {
  page: '#f6f1ec',
  card: '#ffffff',
  ink: '#1d1d1b',
  muted: '#5c5a57',
  brand: '#b3122f',
};

const font = "Georgia, 'Times New Roman', serif";
const sans = 'Arial, Helvetica, sans-serif';

/** The introduction's paragraphs: a blank line separates two. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The column's inner width (600 px less the container's padding): no image is drawn wider. */
const COLUMN_WIDTH = 552;

/**
 * The image's drawn size, its proportions kept (Outlook sizes by these attributes, everyone else by the
 * width 100 % / height auto style); null when the stored size is unusable (no image beats a distorted one).
 */
export function drawnSize(image: { width: number; height: number }): { width: number; height: number } | null {
  if (!(Number.isFinite(image.width) && Number.isFinite(image.height) && image.width > 0 && image.height > 0)) return null;
  const width = Math.min(COLUMN_WIDTH, Math.round(image.width));
  return { width, height: Math.max(1, Math.round((width * image.height) / image.width)) };
}

function ArticleCard({ article }: { article: IssueMailArticle }) {
  const size = article.image ? drawnSize(article.image) : null;
  return (
    <Section style={{ backgroundColor: colours.card, padding: '0 0 24px' }}>
      {article.image && size ? (
        <Link href={article.url}>
          <Img
            src={article.image.url}
            alt={article.image.alt}
            width={size.width}
            height={size.height}
            style={{ display: 'block', width: '100%', maxWidth: `${COLUMN_WIDTH}px`, height: 'auto', border: 0, borderRadius: '6px' }}
          />
        </Link>
      ) : null}
      <Text
        style={{
          margin: '12px 0 4px',
          fontFamily: sans,
          fontSize: '12px',
          letterSpacing: '1px',
          textTransform: 'uppercase',
          color: colours.brand,
        }}
      >
        {article.categoryName}
      </Text>
      <Heading as="h2" style={{ margin: '0 0 6px', fontFamily: font, fontSize: '22px', lineHeight: '28px', color: colours.ink }}>
        <Link href={article.url} style={{ color: colours.ink, textDecoration: 'none' }}>
          {article.title}
        </Link>
      </Heading>
      {article.subtitle ? (
        <Text style={{ margin: '0 0 8px', fontFamily: sans, fontSize: '15px', lineHeight: '22px', color: colours.muted }}>
          {article.subtitle}
        </Text>
      ) : null}
      <Link href={article.url} style={{ fontFamily: sans, fontSize: '15px', fontWeight: 'bold', color: colours.brand }}>
        Lire l’article
      </Link>
    </Section>
  );
}

export function NewsletterIssueMail(input: IssueMailInput) {
  return (
    <Html lang="fr" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{input.subject}</title>
      </Head>
      <Preview>{input.preheader || input.subject}</Preview>
      <Body style={{ margin: 0, padding: '16px 0', backgroundColor: colours.page }}>
        <Container style={{ width: '100%', maxWidth: '600px', margin: '0 auto', backgroundColor: colours.card, padding: '24px' }}>
          <Section style={{ backgroundColor: colours.card }}>
            <Text style={{ margin: 0, fontFamily: sans, fontSize: '12px', color: colours.muted, textAlign: 'right' }}>
              <Link href={input.webVersionUrl} style={{ color: colours.muted, textDecoration: 'underline' }}>
                Voir la version en ligne
              </Link>
            </Text>
            <Heading as="h1" style={{ margin: '8px 0 0', fontFamily: font, fontSize: '32px', color: colours.brand }}>
              <Link href={input.siteUrl} style={{ color: colours.brand, textDecoration: 'none' }}>
                {input.siteName}
              </Link>
            </Heading>
            <Text style={{ margin: '0 0 16px', fontFamily: sans, fontSize: '14px', color: colours.muted }}>{input.newsletterName}</Text>
          </Section>
          <Section style={{ backgroundColor: colours.card }}>
            {paragraphsOf(input.intro).map((paragraph) => (
              <Text
                key={paragraph}
                style={{ margin: '0 0 16px', fontFamily: sans, fontSize: '16px', lineHeight: '24px', color: colours.ink }}
              >
                {paragraph}
              </Text>
            ))}
          </Section>
          {input.articles.map((article) => (
            <ArticleCard key={article.url} article={article} />
          ))}
          <Hr style={{ borderColor: '#e4ddd5', margin: '8px 0 16px' }} />
          <Section style={{ backgroundColor: colours.card }}>
            <Text style={{ margin: '0 0 8px', fontFamily: sans, fontSize: '13px', lineHeight: '20px', color: colours.muted }}>
              Vous recevez {input.newsletterName} parce que vous vous êtes inscrit·e sur {input.siteName}.{' '}
              <Link href={input.unsubscribeUrl} style={{ color: colours.brand, textDecoration: 'underline' }}>
                Se désinscrire
              </Link>
            </Text>
            <Text style={{ margin: 0, fontFamily: sans, fontSize: '12px', lineHeight: '18px', color: colours.muted }}>
              {input.postalAddress}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part, written for people (not derived from the markup): every link in full. */
export function newsletterIssueText(input: IssueMailInput): string {
  const lines = [
    `${input.siteName} — ${input.newsletterName}`,
    input.subject,
    '',
    `Version en ligne : ${input.webVersionUrl}`,
    '',
    ...paragraphsOf(input.intro).flatMap((paragraph) => [paragraph, '']),
    ...input.articles.flatMap((article) => [
      `${article.categoryName.toUpperCase()} — ${article.title}`,
      ...(article.subtitle ? [article.subtitle] : []),
      `Lire l’article : ${article.url}`,
      '',
    ]),
    '—',
    `Vous recevez ${input.newsletterName} parce que vous vous êtes inscrit·e sur ${input.siteName}.`,
    `Se désinscrire : ${input.unsubscribeUrl}`,
    input.postalAddress,
    '',
  ];
  return lines.join('\n');
}

export const renderNewsletterIssueMail: IssueMailRenderer = async (input) => ({
  html: await render(<NewsletterIssueMail {...input} />),
  text: newsletterIssueText(input),
});
