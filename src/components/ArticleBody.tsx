/**
 * The article's body (SPEC §2), sent once (issue 22): the server renders the blocks; the page's dehydrated
 * data leaves them out (MarkupOnly), and hydration adopts the server's markup as it is instead of rendering
 * it again from data. A client navigation brings the blocks with the loader's data and renders them.
 */
import type React from 'react';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ContentBlock, TextBlock } from '../api/types.ts';
import { MarkupOnly } from '../lib/markupOnly.ts';
import { servedMarkup } from '../lib/servedMarkup.ts';
import { BodyImage } from './BodyImage.tsx';

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

const BODY_CLASS = 'article-body mt-6 text-lg leading-relaxed md:text-xl';

function Blocks({ body }: { body: readonly ContentBlock[] }) {
  const firstParagraph = body.findIndex((b) => b.type === 'paragraph');
  // Blocks have no id: their position is their identity (the body never reorders).
  const blocks = body.map((block, position) => ({ block, key: `${position}:${block.type}`, first: position === firstParagraph }));
  return (
    <>
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
    </>
  );
}

export type ArticleBodyValue = readonly ContentBlock[] | MarkupOnly<readonly ContentBlock[]>;

export function ArticleBody({ articleId, body }: { articleId: number | string; body: ArticleBodyValue }) {
  const blocks = body instanceof MarkupOnly ? body.value : body;
  if (blocks) {
    return (
      <div key="blocks" className={BODY_CLASS} data-article-body={articleId}>
        <Blocks body={blocks} />
      </div>
    );
  }
  const html = servedMarkup(`[data-article-body="${articleId}"]`);
  // React leaves the children of an element set by innerHTML as they are: the server's nodes stay, nothing is
  // rendered twice, and the string is the element's own content, so hydration finds no difference.
  if (html !== undefined) {
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the string is this element's own markup, as the server rendered it from escaped text (never outside HTML).
      <div key="served" className={BODY_CLASS} data-article-body={articleId} dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  return <MissingBody articleId={articleId} />;
}

/** Neither blocks nor served markup (not expected): the route's data is loaded again, blocks included. */
function MissingBody({ articleId }: { articleId: number | string }) {
  const router = useRouter();
  useEffect(() => {
    void router.invalidate();
  }, [router]);
  return <div className={BODY_CLASS} data-article-body={articleId} aria-busy="true" />;
}
