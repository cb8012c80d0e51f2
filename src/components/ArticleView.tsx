import type React from 'react';
import { Link } from '@tanstack/react-router';
import type { ArticleCard, ArticleDetail, ContentBlock, TextBlock } from '../api/types.ts';
import { ArticleCardView } from './ArticleCardView.tsx';
import { BodyImage } from './BodyImage.tsx';
import { CategoryLink } from './CategoryLink.tsx';
import { formatDate } from './formatDate.ts';
import { SectionTitle } from './SectionTitle.tsx';
import { ShareLinks } from './ShareLinks.tsx';
import { StampBadge } from './StampBadge.tsx';
import { ContentImage } from './ContentImage.tsx';

interface Props {
  article: ArticleDetail;
  related: readonly ArticleCard[];
  /** Absolute canonical URL, for the share icons. */
  shareUrl: string;
  /** The web-view variants keep their links inside '/app-<short name>'. */
  linkPrefix?: string;
}

type Span = NonNullable<TextBlock['spans']>[number];

/** Links leave for another site in a new context; the site's own paths stay in the tab. */
function SpanView({ span }: { span: Span }) {
  let node: React.ReactNode = span.text;
  if (span.bold) node = <strong>{node}</strong>;
  if (span.italic) node = <em>{node}</em>;
  if (span.href) {
    const external = !span.href.startsWith('/');
    node = (
      <a
        href={span.href}
        className="underline decoration-piment underline-offset-2"
        {...(external ? { rel: 'noopener noreferrer nofollow' } : {})}
      >
        {node}
      </a>
    );
  }
  return <>{node}</>;
}

/** The block's text as spans (formatted text from the newsroom) or as one plain string. React escapes all of it. */
function Text({ block }: { block: TextBlock }) {
  if (!block.spans) return <>{block.text}</>;
  // Spans never reorder: their position is their identity.
  const keyed = block.spans.map((span, position) => ({ span, key: `${position}:${span.text.length}` }));
  return (
    <>
      {keyed.map(({ span, key }) => (
        <SpanView key={key} span={span} />
      ))}
    </>
  );
}

function Block({ block, first }: { block: ContentBlock; first: boolean }) {
  switch (block.type) {
    case 'image':
      return <BodyImage block={block} />;
    case 'heading':
      return (
        <h2 className="mt-10 font-display text-2xl font-bold md:text-3xl">
          <Text block={block} />
        </h2>
      );
    case 'quote':
      return (
        <blockquote className="my-8 border-l-4 border-piment pl-5 font-display text-2xl italic leading-snug text-piment-dark">
          <p>
            <Text block={block} />
          </p>
        </blockquote>
      );
    case 'bullet':
    case 'numbered':
      return (
        <li className="mt-2">
          <Text block={block} />
        </li>
      );
    default:
      return (
        <p className={`mt-5 ${first ? 'drop-cap' : ''}`}>
          <Text block={block} />
        </p>
      );
  }
}

type Entry = { block: ContentBlock; key: string; first: boolean };

/** Consecutive list items form one list. */
function groupLists(entries: Entry[]): (Entry | { list: 'bullet' | 'numbered'; key: string; items: Entry[] })[] {
  const out: (Entry | { list: 'bullet' | 'numbered'; key: string; items: Entry[] })[] = [];
  for (const entry of entries) {
    const type = entry.block.type;
    if (type === 'bullet' || type === 'numbered') {
      const last = out.at(-1);
      if (last && 'list' in last && last.list === type) last.items.push(entry);
      else out.push({ list: type, key: `list:${entry.key}`, items: [entry] });
    } else out.push(entry);
  }
  return out;
}

/** SPEC §2 article page: stamp, main image, title, subtitle, body, author, date, category link, related. */
export function ArticleView({ article, related, shareUrl, linkPrefix }: Props) {
  const firstParagraph = article.body.findIndex((b) => b.type === 'paragraph');
  // Blocks have no id: their position is their identity (the body never reorders).
  const blocks = article.body.map((block, position) => ({ block, key: `${position}:${block.type}`, first: position === firstParagraph }));
  const { category } = article;
  return (
    <>
      <article className="article-page mx-auto max-w-3xl px-4 pt-8 md:pt-12">
        <header>
          {linkPrefix ? null : (
            <nav aria-label="Fil d'Ariane" className="text-sm text-encre/75">
              <ol className="flex flex-wrap gap-1">
                <li>
                  <Link to="/" className="hover:underline">
                    Accueil
                  </Link>
                  <span aria-hidden="true"> / </span>
                </li>
                <li>
                  <CategoryLink slug={category.slug} className="hover:underline">
                    {category.name}
                  </CategoryLink>
                </li>
              </ol>
            </nav>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {linkPrefix ? (
              <span className="kicker" style={{ color: category.color }}>
                {category.name}
              </span>
            ) : (
              <CategoryLink slug={category.slug} className="kicker hover:underline" style={{ color: category.color }}>
                {category.name}
              </CategoryLink>
            )}
            {article.stamp ? <StampBadge stamp={article.stamp} /> : null}
          </div>
          <h1 className="mt-4 font-display text-4xl font-black leading-[1.05] tracking-tight md:text-6xl">{article.title}</h1>
          <p className="mt-5 text-xl leading-relaxed text-encre/85 md:text-2xl">{article.subtitle}</p>
          <div className="mt-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-y border-encre/15 py-3 text-sm">
            <p>
              Par <strong className="font-bold">{article.author.name}</strong>
              <span className="text-encre/75">, {article.author.role}</span>
            </p>
            <p className="text-encre/75">
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              <span aria-hidden="true"> · </span>
              {article.readingMinutes} min de lecture
            </p>
          </div>
        </header>
        <figure className="-mx-4 mt-8 md:mx-0">
          <ContentImage
            image={article.mainImage}
            sizes="(min-width: 768px) 768px, 100vw"
            eager
            priority
            className="aspect-[3/2] h-auto w-full bg-piment-light object-cover md:rounded-2xl"
          />
        </figure>
        <div className="article-body mt-6 text-lg leading-relaxed md:text-xl">
          {groupLists(blocks).map((entry) => {
            if (!('list' in entry)) return <Block key={entry.key} block={entry.block} first={entry.first} />;
            const items = entry.items.map(({ block, key }) => <Block key={key} block={block} first={false} />);
            return entry.list === 'bullet' ? (
              <ul key={entry.key} className="mt-5 list-disc pl-6">
                {items}
              </ul>
            ) : (
              <ol key={entry.key} className="mt-5 list-decimal pl-6">
                {items}
              </ol>
            );
          })}
        </div>
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t-2 border-encre pt-6">
          <p className="font-bold">Cet article vous a plu ? Partagez-le.</p>
          <ShareLinks url={shareUrl} title={article.title} />
        </footer>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mx-auto mt-16 max-w-7xl px-4 md:px-6">
          <SectionTitle id="related-title">À lire aussi</SectionTitle>
          <ul className="grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-4">
            {related.map((card) => (
              <li key={card.id}>
                <ArticleCardView article={card} headingLevel={3} linkPrefix={linkPrefix} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
