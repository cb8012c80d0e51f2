/**
 * A WordPress post's `content:encoded` → HTML for htmlToDoc. Block posts (Gutenberg's `<!-- wp:… -->`
 * comments) are read with WordPress's own block parser: static core blocks already hold their HTML, so it
 * is kept (inner blocks spliced where the parser says); blocks the newsroom has no use for are dropped,
 * embeds become links, and unknown or dynamic blocks are reduced to their text and named in `dropped`.
 * A post without block comments is classic: shortcodes, then wpautop, as WordPress showed it.
 */
import { parse } from '@wordpress/block-serialization-default-parser';
import { Parser } from 'htmlparser2';
import { escapeHtml, renderShortcodes, type ShortcodeContext } from './shortcodes.ts';
import { wpautop } from './wpautop.ts';

export interface BodyResult {
  html: string;
  /** What was dropped or reduced on the way, one short English description each. */
  dropped: string[];
}

type Block = ReturnType<typeof parse>[number];

/** Core blocks whose saved HTML is the content itself (tags htmlToDoc knows, or reduces quietly). */
const STATIC = new Set([
  'paragraph',
  'heading',
  'list',
  'list-item',
  'quote',
  'pullquote',
  'image',
  'gallery',
  'group',
  'columns',
  'column',
  'code',
  'preformatted',
  'verse',
  'table',
  'buttons',
  'button',
  'cover',
  'media-text',
  'details',
  'file',
  'row',
  'stack',
  'footnotes',
  'audio',
  'video',
]);
/** Blocks that are layout only. */
const SILENT = new Set(['separator', 'spacer', 'more', 'nextpage']);

/** The visible text of an HTML fragment, one string per block (scripts and styles left out). */
export function textOf(html: string): string[] {
  const paragraphs: string[] = [];
  let current = '';
  let skip = 0;
  const blockTag = /^(p|div|li|h[1-6]|blockquote|tr|br|section|figure|figcaption|pre|ul|ol|table)$/;
  const cut = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (name === 'script' || name === 'style' || name === 'template') skip += 1;
        else if (blockTag.test(name)) cut();
      },
      onclosetag: (name) => {
        if (name === 'script' || name === 'style' || name === 'template') skip -= 1;
        else if (blockTag.test(name)) cut();
      },
      ontext: (text) => {
        if (skip === 0) current += text;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  cut();
  return paragraphs;
}

/** The same text as paragraphs of escaped HTML. */
export const htmlAsText = (html: string) =>
  textOf(html)
    .map((text) => `<p>${escapeHtml(text)}</p>`)
    .join('\n');

function classic(html: string, context: ShortcodeContext, dropped: string[]): string {
  const rendered = renderShortcodes(html, context);
  dropped.push(...rendered.dropped);
  return wpautop(rendered.html);
}

/** The block's saved HTML with its inner blocks rendered where the parser left their places (null). */
function spliced(block: Block, context: ShortcodeContext, dropped: string[], depth: number): string {
  let next = 0;
  return block.innerContent
    .map((part) => {
      if (part !== null) return part;
      const inner = block.innerBlocks[next++];
      return inner ? renderBlock(inner, context, dropped, depth + 1) : '';
    })
    .join('');
}

function embedUrl(block: Block): string | null {
  const attrs = block.attrs ?? {};
  const fromAttrs = typeof attrs.url === 'string' ? attrs.url : null;
  const url = fromAttrs ?? /https?:\/\/[^\s<>"]+/.exec(block.innerHTML)?.[0] ?? null;
  return url && /^https?:\/\//i.test(url) ? url : null;
}

function renderBlock(block: Block, context: ShortcodeContext, dropped: string[], depth: number): string {
  const name = block.blockName;
  // Between blocks, and in posts converted halfway: classic content.
  if (name === null || name === 'core/freeform') return block.innerHTML.trim() === '' ? '' : classic(block.innerHTML, context, dropped);
  if (depth > 50) {
    dropped.push('blocks nested too deep');
    return htmlAsText(block.innerHTML);
  }
  const short = name.startsWith('core/') ? name.slice(5) : name;
  if (SILENT.has(short)) return '';
  if (STATIC.has(short)) return spliced(block, context, dropped, depth);
  if (short === 'embed' || name.startsWith('core-embed/')) {
    const url = embedUrl(block);
    return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : '';
  }
  if (short === 'html') {
    dropped.push('block core/html');
    return block.innerHTML;
  }
  if (short === 'shortcode') return classic(block.innerHTML, context, dropped);
  if (short === 'missing') {
    const original = block.attrs?.originalContent;
    dropped.push(`block ${String(block.attrs?.originalName ?? 'core/missing').slice(0, 60)}`);
    return typeof original === 'string' ? htmlAsText(original) : '';
  }
  dropped.push(`block ${name.slice(0, 60)}`);
  // Its own text, and its inner blocks rendered as usual (a plugin's container still holds core blocks).
  let next = 0;
  return block.innerContent
    .map((part) => {
      if (part !== null) return htmlAsText(part);
      const inner = block.innerBlocks[next++];
      return inner ? renderBlock(inner, context, dropped, depth + 1) : '';
    })
    .join('\n');
}

/** `content:encoded` → HTML, for block and classic posts alike. */
export function gutenbergToHtml(content: string, context: ShortcodeContext): BodyResult {
  const dropped: string[] = [];
  if (!content.includes('<!-- wp:')) return { html: classic(content, context, dropped), dropped: [...new Set(dropped)] };
  const html = parse(content)
    .map((block) => renderBlock(block, context, dropped, 0))
    .join('\n');
  return { html, dropped: [...new Set(dropped)] };
}
